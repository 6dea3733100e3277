import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { ItemsTab } from './items/items-tab.js';
import { RequestsTab } from './requests/requests-tab.js';
import { INVENTORY_TABS, type InventoryTab } from './inventory-tabs.js';
import { tabOf } from './inventory-search.js';

const inventoryRoute = getRouteApi('/_shell/inventory');
import './inventory-i18n.js';
import './inventory.css';

/**
 * Spec §2 "Inventory has two tabs": items (stock, usage) and item requests. The active tab is
 * kept in the URL (`?tab=requests`) so a reload or a shared link opens the same tab; each tab
 * owns the rest of its search params.
 */
export function InventoryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = inventoryRoute.useSearch({ select: tabOf });
  const refs = useRef<Partial<Record<InventoryTab, HTMLButtonElement | null>>>({});

  const open = (tab: InventoryTab) => {
    void navigate({ to: '/inventory', search: tab === 'items' ? {} : { tab } });
  };

  // WAI-ARIA tabs: arrow keys move between tabs, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = INVENTORY_TABS.length;
    const index = INVENTORY_TABS.indexOf(active);
    const moves: Partial<Record<string, number>> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index + count - 1) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = INVENTORY_TABS[next] ?? 'items';
    open(tab);
    refs.current[tab]?.focus();
  };

  return (
    <Page title={t('pages.inventory')}>
      <div
        className="inventory-tabs"
        role="tablist"
        aria-label={t('pages.inventory')}
        onKeyDown={onKeyDown}
      >
        {INVENTORY_TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`inventory-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`inventory-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className={tab === active ? 'inventory-tab is-active' : 'inventory-tab'}
            onClick={() => open(tab)}
          >
            {t(`inventory.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`inventory-panel-${active}`}
        aria-labelledby={`inventory-tab-${active}`}
        className="inventory-panel"
      >
        {active === 'items' ? <ItemsTab /> : <RequestsTab />}
      </div>
    </Page>
  );
}
