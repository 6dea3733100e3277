import { useLiveQuery } from 'dexie-react-hooks';
import type { Area, Category } from '@urs/sync-protocol';
import { db } from '../../../db/index.js';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'id');

/** Every area on the device, by name (the list's filter offers them all); undefined while read. */
export function useAreasByName(): Area[] | undefined {
  return useLiveQuery(async () => (await db.areas.toArray()).sort(byName));
}

/**
 * The areas a report may be filed in, by name: the active ones, and `currentId` even when it
 * has been deactivated since (the report keeps it). Undefined while read.
 */
export function useAreaChoices(currentId: string): Area[] | undefined {
  return useLiveQuery(
    async () =>
      (await db.areas.toArray())
        .filter((area) => area.active || area.id === currentId)
        .sort(byName),
    [currentId],
  );
}

/** Every category on the device, by name; undefined while read. */
export function useCategoriesByName(): Category[] | undefined {
  return useLiveQuery(async () => (await db.categories.toArray()).sort(byName));
}

/** The area with this id: null when '' or not on the device, undefined while read. */
export function useArea(id: string): Area | null | undefined {
  return useLiveQuery(async () => (id === '' ? null : ((await db.areas.get(id)) ?? null)), [id]);
}

/** Whether the device has the area (true for no id at all); undefined while read. */
export function useAreaKnown(id: string | undefined): boolean | undefined {
  return useLiveQuery(async () => id === undefined || (await db.areas.get(id)) !== undefined, [id]);
}
