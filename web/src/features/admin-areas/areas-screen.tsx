import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { OfflineNotice } from '../../components/ui/online.js';
import type { ReferenceKind } from './areas-api.js';
import { QrPosterView } from './qr-posters.js';
import { ReferencePanel } from './reference-panel.js';

const TABS: readonly ReferenceKind[] = ['areas', 'categories'];

/** Areas and categories (admin, online): two tabs over the same list/add/edit/delete panel. */
export function AreasScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ReferenceKind>('areas');
  const [printing, setPrinting] = useState(false);

  if (printing) return <QrPosterView onBack={() => setPrinting(false)} />;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'areas' ? 'categories' : 'areas';
    setTab(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };

  return (
    <Page
      title={t('pages.areas')}
      actions={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setPrinting(true)}
          data-testid="print-posters"
        >
          {t('areas.printPosters')}
        </button>
      }
    >
      <OfflineNotice />
      <div className="admin-tabs" role="tablist" aria-label={t('areas.tabs')}>
        {TABS.map((kind) => (
          <button
            key={kind}
            id={`admin-tab-${kind}`}
            type="button"
            role="tab"
            className="admin-tab"
            aria-selected={tab === kind}
            aria-controls={`admin-panel-${kind}`}
            tabIndex={tab === kind ? 0 : -1}
            onClick={() => setTab(kind)}
            onKeyDown={onTabKey}
          >
            {kind === 'areas' ? t('areas.areasTab') : t('areas.categoriesTab')}
          </button>
        ))}
      </div>
      <div id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        <ReferencePanel key={tab} kind={tab} />
      </div>
    </Page>
  );
}
