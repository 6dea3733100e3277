import {
  mutationParent,
  type Announcement,
  type InventoryItem,
  type ItemRequest,
  type Report,
  type ReportPhoto,
} from '@urs/sync-protocol';
import type { OutboxEntry } from '../../db/database.js';
import { rejectionText } from '../../lib/error-text.js';

/*
 * The sync panel's list of what the server refused, in the user's words: one line per record
 * (a report and its photos are one), saying what it is and why, with where to fix it. Pure, so
 * every kind is tested without Dexie or React.
 */

export type RefusedKind = 'report' | 'item' | 'stock' | 'request' | 'announcement' | 'change';

export interface RefusedItem {
  key: string;
  kind: RefusedKind;
  /** What it is: area and first words, item name, request number... '' when unknown. */
  what: string;
  /** The server's reason. */
  why: string;
  /** Where the record opens to be corrected; null when there is nothing to correct. */
  href: string | null;
  /** Every refused entry of this record, discarded together. */
  entryIds: number[];
}

/** The device's rows the descriptions are read from, by id. */
export interface RefusedLookups {
  reports: ReadonlyMap<string, Pick<Report, 'area_id' | 'description'>>;
  photos: ReadonlyMap<string, Pick<ReportPhoto, 'report_id'>>;
  areas: ReadonlyMap<string, string>;
  items: ReadonlyMap<string, Pick<InventoryItem, 'name'>>;
  requests: ReadonlyMap<string, Pick<ItemRequest, 'number' | 'custom_name' | 'item_id'>>;
  announcements: ReadonlyMap<string, Pick<Announcement, 'title'>>;
  /** Shown when a report's area is gone from the device (often why it was refused). */
  unknownArea: string;
}

export const FIRST_WORDS = 6;

/** The first few words of a text, with an ellipsis when there were more. */
export function firstWords(text: string, count = FIRST_WORDS): string {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')}…`;
}

function argOf(entry: OutboxEntry, key: string): string | undefined {
  const args = entry.mutation.args;
  const value: unknown =
    typeof args === 'object' && args !== null ? Reflect.get(args, key) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The row the contract names as the entry's parent (a photo's report, a stock change's item). */
const parentIdOf = (entry: OutboxEntry) =>
  mutationParent(entry.mutation.name, entry.mutation.args)?.id;

/** The report a report or photo entry belongs to, if it is one of those. */
function reportIdOf(entry: OutboxEntry, lookups: RefusedLookups): string | null {
  if (entry.entity === 'reports') return entry.entity_id;
  if (entry.entity !== 'report_photos') return null;
  return parentIdOf(entry) ?? lookups.photos.get(entry.entity_id)?.report_id ?? null;
}

function recordOf(
  entry: OutboxEntry,
  lookups: RefusedLookups,
): { key: string; kind: RefusedKind; id: string } {
  const reportId = reportIdOf(entry, lookups);
  if (reportId !== null) return { key: `report/${reportId}`, kind: 'report', id: reportId };
  switch (entry.entity) {
    case 'inventory_items':
      return { key: `item/${entry.entity_id}`, kind: 'item', id: entry.entity_id };
    case 'stock_transactions':
      return { key: `stock/${entry.entity_id}`, kind: 'stock', id: entry.entity_id };
    case 'item_requests':
      return { key: `request/${entry.entity_id}`, kind: 'request', id: entry.entity_id };
    case 'announcements':
      return { key: `announcement/${entry.entity_id}`, kind: 'announcement', id: entry.entity_id };
    default:
      return { key: `change/${entry.id}`, kind: 'change', id: entry.entity_id };
  }
}

function describe(
  kind: RefusedKind,
  id: string,
  entries: readonly OutboxEntry[],
  lookups: RefusedLookups,
): Pick<RefusedItem, 'what' | 'href'> {
  const first = entries[0];
  switch (kind) {
    case 'report': {
      const report = lookups.reports.get(id);
      if (report === undefined) return { what: '', href: null };
      const area = lookups.areas.get(report.area_id) ?? lookups.unknownArea;
      return {
        what: `${area} · ${firstWords(report.description)}`,
        href: `/reports/${id}/edit`,
      };
    }
    case 'item': {
      const name = lookups.items.get(id)?.name ?? (first && argOf(first, 'name')) ?? '';
      return { what: name, href: `/inventory?item=${encodeURIComponent(id)}` };
    }
    case 'stock': {
      const itemId = first === undefined ? undefined : parentIdOf(first);
      const item = itemId === undefined ? undefined : lookups.items.get(itemId);
      return {
        what: item?.name ?? '',
        href: itemId === undefined ? null : `/inventory?item=${encodeURIComponent(itemId)}`,
      };
    }
    case 'request': {
      const request = lookups.requests.get(id);
      const name =
        request?.custom_name ??
        (typeof request?.item_id === 'string'
          ? lookups.items.get(request.item_id)?.name
          : undefined) ??
        (first && argOf(first, 'custom_name')) ??
        '';
      const number = request?.number ?? null;
      return {
        what: number === null ? name : `${number} · ${name}`,
        href: `/inventory?tab=requests&request=${encodeURIComponent(id)}`,
      };
    }
    case 'announcement': {
      const title = lookups.announcements.get(id)?.title ?? (first && argOf(first, 'title')) ?? '';
      const editable = entries.some((entry) => entry.mutation.name !== 'announcement.delete');
      return {
        what: title,
        href: editable && lookups.announcements.has(id) ? `/announcements/${id}/edit` : null,
      };
    }
    case 'change':
      return { what: '', href: null };
  }
}

/** The refused entries as one line per record, in the order they were first refused. */
export function refusedItems(
  rejected: readonly OutboxEntry[],
  lookups: RefusedLookups,
): RefusedItem[] {
  const groups = new Map<string, { kind: RefusedKind; id: string; entries: OutboxEntry[] }>();
  for (const entry of rejected) {
    const record = recordOf(entry, lookups);
    const group = groups.get(record.key);
    if (group === undefined) groups.set(record.key, { ...record, entries: [entry] });
    else group.entries.push(entry);
  }
  return [...groups.entries()].map(([key, { kind, id, entries }]) => {
    // A record's own refusal says why; its photos' ("report not found") only follow from it.
    const own = entries.find((entry) => entry.entity !== 'report_photos') ?? entries[0];
    return {
      key,
      kind,
      ...describe(kind, id, entries, lookups),
      why: rejectionText(own?.result),
      entryIds: entries.map((entry) => entry.id),
    };
  });
}
