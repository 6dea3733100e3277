import { v7 as uuidv7, validate, version } from 'uuid';

/**
 * Every entity id is a UUIDv7 made where the record is born (often a phone with no signal),
 * so offline records and the rows that reference them are stable before the server sees them,
 * and ids sort by creation time, which keeps the primary-key B-tree append-mostly.
 */
export function newId(): string {
  return uuidv7();
}

export function isUuid(value: string): boolean {
  return validate(value) && version(value) >= 1;
}
