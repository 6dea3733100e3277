import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId } from '@urs/sync-protocol';
import { openUrsDatabase, type UrsDatabase } from './database.js';

/*
 * For tests only (never imported by the app): IndexedDB semantics come from fake-indexeddb,
 * passed to Dexie explicitly so import order cannot matter.
 */
export function openTestDatabase(name = `urs-test-${newId()}`): UrsDatabase {
  return openUrsDatabase(name, { indexedDB, IDBKeyRange });
}
