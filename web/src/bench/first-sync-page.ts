import { SYNCED_ENTITIES, type PullResponse } from '@urs/sync-protocol';
import { openUrsDatabase } from '../db/database.js';
import { createApiClient } from '../client/api-client.js';
import { pullChanges } from '../sync/pull.js';
import { ensureSyncState } from '../sync/sync-state.js';

/*
 * The browser half of the first-sync bench (scripts/src/bench/first-sync-bench.ts), built on
 * its own by that script and never part of the app. Both cases fetch the same pages over HTTP
 * into a fresh database with the app's schema (same indexes): one through the app's pull, the
 * other written raw, one IndexedDB transaction per page.
 */

export interface FirstSyncResult {
  ms: number;
  rows: number;
}

export interface FirstSyncBench {
  appPull(token: string, userId: string, limit: number): Promise<FirstSyncResult>;
  rawPull(token: string, limit: number): Promise<FirstSyncResult>;
}

declare global {
  interface Window {
    ursFirstSyncBench?: FirstSyncBench;
  }
}

let databases = 0;
const freshName = () => `urs-first-sync-bench-${Date.now()}-${++databases}`;

async function appPull(token: string, userId: string, limit: number): Promise<FirstSyncResult> {
  const db = openUrsDatabase(freshName());
  try {
    await ensureSyncState(db, userId);
    const api = createApiClient({ baseUrl: '/', getToken: () => token });
    const start = performance.now();
    const summary = await pullChanges(db, api, userId, limit);
    return { ms: performance.now() - start, rows: summary.changes };
  } finally {
    await db.delete();
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

async function rawPull(token: string, limit: number): Promise<FirstSyncResult> {
  const name = freshName();
  // Dexie creates the app's stores and indexes; the raw case then writes to them directly.
  const schemaOnly = openUrsDatabase(name);
  await schemaOnly.open();
  schemaOnly.close();
  const idb = await request(indexedDB.open(name));
  try {
    let cursor = '';
    let rows = 0;
    const start = performance.now();
    // The server does for it what it does for the app's pull: the first page counts what is
    // left, the following ones skip the count (web/src/sync/pull.ts).
    for (let first = true; ; first = false) {
      const skip = first ? '' : '&remaining=skip';
      const res = await fetch(`/api/sync/pull?cursor=${cursor}&limit=${limit}${skip}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const page = (await res.json()) as PullResponse;
      const tx = idb.transaction([...SYNCED_ENTITIES], 'readwrite');
      for (const change of page.changes) {
        const store = tx.objectStore(change.entity);
        if (change.op === 'put') store.put(change.row);
        else store.delete(change.id);
      }
      await committed(tx);
      rows += page.changes.length;
      if (!page.has_more) break;
      cursor = page.cursor;
    }
    return { ms: performance.now() - start, rows };
  } finally {
    idb.close();
    await request(indexedDB.deleteDatabase(name));
  }
}

window.ursFirstSyncBench = { appPull, rawPull };
