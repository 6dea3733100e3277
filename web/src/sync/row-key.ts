import { SYNCED_ENTITIES, type SyncedEntity } from '@urs/sync-protocol';

/** `entity/id`: how an outbox entry names the rows it holds (sync/shadows.ts). */
export type RowKey = `${SyncedEntity}/${string}`;

export function rowKey(entity: SyncedEntity, id: string): RowKey {
  return `${entity}/${id}`;
}

export function splitRowKey(key: string): [SyncedEntity, string] | null {
  const slash = key.indexOf('/');
  if (slash <= 0) return null;
  const entity = key.slice(0, slash);
  return isSyncedEntity(entity) ? [entity, key.slice(slash + 1)] : null;
}

function isSyncedEntity(value: string): value is SyncedEntity {
  return SYNCED_ENTITIES.some((entity) => entity === value);
}
