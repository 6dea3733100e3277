import { useNavigate } from '@tanstack/react-router';
import { mutationParent, type SyncedEntity } from '@urs/sync-protocol';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/database.js';
import { db } from '../../db/index.js';
import { confirmDiscardRefused } from '../../client/confirm-discard.js';
import { toast } from '../../client/toast.js';
import { discardRejectedEntries, namesOf } from '../../sync/index.js';
import { refusedItems, type RefusedItem, type RefusedLookups } from './refused-items.js';

/** The device's rows that name each refused record, read live by id. */
function useLookups(rejected: readonly OutboxEntry[], unknownArea: string) {
  const ids = rejected.map((entry) => entry.entity_id);
  const key = rejected.map((entry) => `${entry.id}:${entry.entity_id}`).join(',');
  return useLiveQuery(async (): Promise<RefusedLookups> => {
    const photos = (await db.report_photos.bulkGet(ids)).filter((row) => row !== undefined);
    // A photo's report and a stock change's item are named in the args (the contract's parents).
    const parentIds = (entity: SyncedEntity) =>
      rejected.flatMap((entry) => {
        const parent = mutationParent(entry.mutation.name, entry.mutation.args);
        return parent?.entity === entity ? [parent.id] : [];
      });
    const reportIds = [...ids, ...photos.map((photo) => photo.report_id), ...parentIds('reports')];
    const itemIds = [...ids, ...parentIds('inventory_items')];
    const [reports, items, requests, announcements, areas] = await Promise.all([
      db.reports.bulkGet(reportIds),
      db.inventory_items.bulkGet(itemIds),
      db.item_requests.bulkGet(ids),
      db.announcements.bulkGet(ids),
      db.areas.toArray(),
    ]);
    const requestItems = await db.inventory_items.bulkGet(
      requests.flatMap((r) => (typeof r?.item_id === 'string' ? [r.item_id] : [])),
    );
    const byId = <T extends { id: string }>(rows: readonly (T | undefined)[]) =>
      new Map(rows.filter((row) => row !== undefined).map((row) => [row.id, row]));
    // A report refused because its area was deleted meanwhile still names that area.
    const areaNames = await namesOf(
      db,
      'areas',
      reports.flatMap((report) => (report === undefined ? [] : [report.area_id])),
    );
    for (const area of areas) areaNames.set(area.id, area.name);
    return {
      reports: byId(reports),
      photos: byId(photos),
      areas: areaNames,
      items: byId([...items, ...requestItems]),
      requests: byId(requests),
      announcements: byId(announcements),
      unknownArea,
    };
  }, [key, unknownArea]);
}

/**
 * What the server refused, one line per record: what it is and why, a link to correct it in its
 * own form, and discarding behind a confirmation.
 */
export function RefusedList({
  userId,
  rejected,
  onNavigate,
}: {
  userId: string;
  rejected: readonly OutboxEntry[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lookups = useLookups(rejected, t('sync.unknownArea'));
  if (lookups === undefined) return null;
  const items = refusedItems(rejected, lookups);

  const discard = async (item: RefusedItem, label: string) => {
    if (!(await confirmDiscardRefused(label))) return;
    try {
      await discardRejectedEntries(db, userId, item.entryIds);
      toast.success(t('sync.discarded'));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <ul>
      {items.map((item) => {
        const label =
          item.what === ''
            ? t(`sync.kinds.${item.kind}`)
            : `${t(`sync.kinds.${item.kind}`)}: ${item.what}`;
        return (
          <li key={item.key} className="sync-rejected-item" data-testid="refused-item">
            <div className="sync-rejected-text">
              <strong>{label}</strong>
              {item.why !== '' && <span className="sync-rejected-why">{item.why}</span>}
            </div>
            <div className="sync-rejected-actions">
              {item.href !== null && (
                <a
                  href={item.href}
                  className="button button-small button-primary"
                  aria-label={`${t('sync.fix')} ${label}`}
                  onClick={(event) => {
                    // The href carries a query (?tab=requests&request=...): navigate by href.
                    event.preventDefault();
                    onNavigate();
                    if (item.href !== null) void navigate({ href: item.href });
                  }}
                >
                  {t('sync.fix')}
                </a>
              )}
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={`${t('sync.discard')} ${label}`}
                onClick={() => void discard(item, label)}
              >
                {t('sync.discard')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
