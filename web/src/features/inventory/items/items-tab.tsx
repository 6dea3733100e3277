import { itemsSearch, itemsStateOf } from '../inventory-search.js';
import { useTabSearch } from '../use-tab-search.js';
import type { InventoryItem, InventorySummary } from '@urs/sync-protocol';
import { INVENTORY_FILTERS } from '@urs/sync-protocol';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../components/ui/online.js';
import { Pager } from '../../../components/ui/pager.js';
import { UrlSearchBox } from '../../../components/ui/url-search-box.js';
import { ExportButton } from '../../../components/ui/export-button.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { FlaggedPanel } from './list/flagged-panel.js';
import { ItemDetail } from './detail/item-detail.js';
import { ItemFormModal, type ItemFormTarget } from './form/item-form-modal.js';
import { ItemList } from './list/item-list.js';
import { confirmAndDeleteItem } from './data/items-actions.js';
import { downloadItemsExport } from './data/items-api.js';
import { useItemsText } from './items-i18n.js';
import { canManageItems } from './item-permissions.js';
import { filterItems, sortItemsByName, summarizeItems } from './list/items-list.js';
import { type InventoryFilter, type ItemsListState, ITEMS_PER_PAGE } from './list/items-search.js';
import {
  useActiveAreas,
  useAllItems,
  useOpenEntries,
  useSyncMarks,
  useWideList,
} from './data/items-queries.js';
import { StockFormModal } from './form/stock-form-modal.js';
import { StockCountModal } from './form/stock-count-modal.js';
import './items.css';
import { formatNumber } from '../../../lib/format.js';
import { pageOf } from '../../../lib/paging.js';
import { StatGrid, type StatTone } from '../../../components/ui/stat-grid.js';
import {
  FirstDownloadNotice,
  ProvisionalCounts,
  StillArriving,
} from '../../../components/ui/first-download.js';
import { useFirstDownload, type FirstDownload } from '../../../sync/index.js';

type Modal =
  | { kind: 'item'; target: ItemFormTarget }
  | { kind: 'stock'; itemId: string }
  | { kind: 'count'; itemId: string }
  | null;

/** What the list and the detail ask of the tab, which owns the URL and the modals. */
interface ItemActions {
  open: (itemId: string) => void;
  record: (item: InventoryItem) => void;
  correct: (item: InventoryItem) => void;
  add: () => void;
  edit: (item: InventoryItem) => void;
  remove: (item: InventoryItem) => void;
}

/**
 * The Inventory screen's items tab (spec §2): summary cards, search and filter, the item list,
 * an item's detail, add/edit/delete for those who manage items, recording a transaction for
 * everyone, and the Excel export. Everything but the export, the full history and the admin's
 * flagged list reads the device, so it works offline.
 */
export function ItemsTab() {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const online = useOnline();
  const [state, go] = useTabSearch(itemsStateOf, itemsSearch);
  const items = useAllItems();
  const entries = useOpenEntries(userId);
  const marks = useSyncMarks(entries);
  const areas = useActiveAreas();
  const [modal, setModal] = useState<Modal>(null);
  const canManage = canManageItems(user?.role);

  if (user === null) return null;

  const actions: ItemActions = {
    open: (itemId) => go({ ...state, item: itemId }),
    record: (item) => setModal({ kind: 'stock', itemId: item.id }),
    correct: (item) => setModal({ kind: 'count', itemId: item.id }),
    add: () => setModal({ kind: 'item', target: { kind: 'create' } }),
    edit: (item) => setModal({ kind: 'item', target: { kind: 'edit', item } }),
    remove: (item) => {
      void confirmAndDeleteItem(user.id, item).then((deleted) => {
        if (deleted && state.item === item.id) go({ ...state, item: null });
      });
    },
  };
  const modalItem =
    modal?.kind === 'stock' || modal?.kind === 'count'
      ? (items?.find((item) => item.id === modal.itemId) ?? null)
      : null;

  return (
    <div className="inv-items">
      {state.item !== null ? (
        <ItemDetail
          itemId={state.item}
          userId={user.id}
          canManage={canManage}
          online={online}
          marks={marks}
          openEntries={entries}
          onBack={() => go({ ...state, item: null })}
          onRecord={actions.record}
          onEdit={actions.edit}
          onDelete={actions.remove}
          onCorrect={actions.correct}
          onFix={(target) => setModal({ kind: 'item', target })}
        />
      ) : (
        <ItemsOverview
          userId={user.id}
          state={state}
          go={go}
          items={items}
          online={online}
          isAdmin={user.role === 'admin'}
          canManage={canManage}
          marks={marks.items}
          actions={actions}
        />
      )}
      {modal?.kind === 'item' && (
        <ItemFormModal
          target={modal.target}
          userId={user.id}
          onClose={() => setModal(null)}
          onSaved={() => setModal(null)}
        />
      )}
      {modalItem !== null && modal?.kind === 'stock' && (
        <StockFormModal
          item={modalItem}
          areas={areas}
          userId={user.id}
          onClose={() => setModal(null)}
          onSaved={() => setModal(null)}
        />
      )}
      {modalItem !== null && modal?.kind === 'count' && (
        <StockCountModal
          item={modalItem}
          userId={user.id}
          onClose={() => setModal(null)}
          onSaved={() => setModal(null)}
        />
      )}
    </div>
  );
}

function ItemsOverview(props: {
  userId: string;
  state: ItemsListState;
  go: (next: ItemsListState, replace?: boolean) => void;
  items: InventoryItem[] | undefined;
  online: boolean;
  isAdmin: boolean;
  canManage: boolean;
  marks: ReadonlyMap<string, 'pending' | 'rejected'>;
  actions: ItemActions;
}) {
  const { state, go, items, online, actions } = props;
  const tx = useItemsText();
  const wide = useWideList();
  const download = useFirstDownload(props.userId);

  // One pass each, redone only when the device's items (or the query) change.
  const sorted = useMemo(() => sortItemsByName(items ?? []), [items]);
  const summary = useMemo(() => summarizeItems(items ?? []), [items]);
  const filtered = useMemo(
    () => filterItems(sorted, state.q, state.filter),
    [sorted, state.q, state.filter],
  );
  const { pages: lastPage, page: current, rows } = pageOf(filtered, state.page, ITEMS_PER_PAGE);

  return (
    <div className="inv-overview">
      <SummaryCards summary={summary} loading={items === undefined} download={download} />
      {props.isAdmin && <FlaggedPanel online={online} onOpenItem={actions.open} />}

      <div className="inv-toolbar">
        <UrlSearchBox
          q={state.q}
          onSearch={(q) => go({ ...state, q, page: 1 }, true)}
          label={tx('search')}
          placeholder={tx('searchPlaceholder')}
          className="inv-search"
          maxLength={200}
          delay={250}
        />
        <SelectField
          label={tx('filter')}
          className="inv-filter"
          value={state.filter}
          options={INVENTORY_FILTERS.map((filter: InventoryFilter) => ({
            value: filter,
            label: tx(`filters.${filter}`),
          }))}
          onChange={(value) => {
            const filter = INVENTORY_FILTERS.find((f) => f === value) ?? 'all';
            go({ ...state, filter, page: 1 });
          }}
        />
        <div className="inv-toolbar-actions">
          {props.canManage && (
            <button type="button" className="button button-primary" onClick={actions.add}>
              {tx('add')}
            </button>
          )}
          <ItemsExport q={state.q} filter={state.filter} online={online} />
        </div>
      </div>

      {items === undefined ? (
        <p className="muted" role="status">
          {tx('loading')}
        </p>
      ) : (
        <>
          <p className="muted inv-result-count" aria-live="polite">
            {tx('resultCount', { count: filtered.length })}
            <StillArriving download={download} />
          </p>
          {filtered.length === 0 && download.active ? (
            <FirstDownloadNotice download={download} />
          ) : filtered.length === 0 ? (
            <p className="card card-muted">{items.length === 0 ? tx('empty') : tx('noMatch')}</p>
          ) : (
            <ItemList
              items={rows}
              marks={props.marks}
              wide={wide}
              onOpen={(item) => actions.open(item.id)}
              onRecord={actions.record}
              onEdit={props.canManage ? actions.edit : undefined}
              onDelete={props.canManage ? actions.remove : undefined}
              onCorrect={props.canManage ? actions.correct : undefined}
            />
          )}
          {lastPage > 1 && (
            <Pager
              page={current}
              lastPage={lastPage}
              total={filtered.length}
              onPage={(page) => go({ ...state, page })}
              label={tx('pages')}
            />
          )}
        </>
      )}
    </div>
  );
}

function SummaryCards({
  summary,
  loading,
  download,
}: {
  summary: InventorySummary;
  loading: boolean;
  download: FirstDownload;
}) {
  const { i18n } = useTranslation();
  const tx = useItemsText();
  const number = (n: number) => (loading ? '…' : formatNumber(n, i18n.language));
  const stat = (key: string, value: number, tone: StatTone) => ({
    id: key,
    label: tx(`summary.${key}`),
    value: number(value),
    tone,
    testId: `stat-${key}`,
  });
  return (
    <section aria-label={tx('summary.label')}>
      <ProvisionalCounts download={download} />
      <StatGrid
        stats={[
          stat('total', summary.total_items, 'primary'),
          stat('low', summary.low_stock, 'warning'),
          stat('inactive', summary.inactive, 'muted'),
          stat('quantity', summary.total_quantity, 'success'),
        ]}
      />
    </section>
  );
}

function ItemsExport({
  q,
  filter,
  online,
}: {
  q: string;
  filter: InventoryFilter;
  online: boolean;
}) {
  const tx = useItemsText();
  const hintId = useId();
  return (
    <div className="inv-export">
      <ExportButton
        download={() => downloadItemsExport(q, filter)}
        online={online}
        hintId={hintId}
        text={tx}
      />
      {!online && (
        <p id={hintId} className="field-hint">
          {tx('exportOffline')}
        </p>
      )}
    </div>
  );
}
