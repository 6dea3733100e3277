import type { DepartedName, NamedEntity, UrsDatabase } from '../db/database.js';

/*
 * Names of rows deleted on the server. A pull's delete of a user, area, category or item
 * carries the name it went by (sync-protocol's Change): the row leaves the device's table, so
 * it is no choice in any form or list, but a report filed in a deleted area, a request for a
 * deleted item or anything by a deleted user still shows that name instead of "unknown".
 */

const NAMED = new Set<string>(['users', 'areas', 'categories', 'inventory_items']);

export const isNamedEntity = (entity: string): entity is NamedEntity => NAMED.has(entity);

const keyOf = (entity: NamedEntity, id: string): DepartedName['key'] => `departed:${entity}:${id}`;

/** The meta row keeping a deleted row's name (written with the pull page that deletes it). */
export const departedName = (entity: NamedEntity, id: string, name: string): DepartedName => ({
  key: keyOf(entity, id),
  name,
});

/**
 * The names of `ids` as this device knows them: the live row's, else the name the row had
 * when it was deleted. Ids it never knew are left out.
 */
export async function namesOf(
  db: UrsDatabase,
  entity: NamedEntity,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  const names = new Map<string, string>();
  const rows = await db.entityTable(entity).bulkGet(wanted);
  rows.forEach((row, i) => {
    const id = wanted[i];
    if (row !== undefined && id !== undefined && 'name' in row) names.set(id, row.name);
  });
  const missing = wanted.filter((id) => !names.has(id));
  if (missing.length === 0) return names;
  const departed = await db.meta.bulkGet(missing.map((id) => keyOf(entity, id)));
  departed.forEach((row, i) => {
    const id = missing[i];
    if (row !== undefined && id !== undefined && 'name' in row) names.set(id, row.name);
  });
  return names;
}

/** One name, as namesOf finds it. */
export async function nameOf(
  db: UrsDatabase,
  entity: NamedEntity,
  id: string,
): Promise<string | undefined> {
  return (await namesOf(db, entity, [id])).get(id);
}
