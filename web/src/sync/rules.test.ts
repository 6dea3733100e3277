import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { enqueue, enqueueReady } from './outbox.js';
import { syncRulesLoaded } from './rules.js';
import type { UrsDatabase } from '../db/database.js';
import { openTestDatabase, optimisticReport, reportCreate } from '../test/sync-fixtures.js';

/** The tables enqueue writes, as a caller's own transaction over them names them. */
const scope = (db: UrsDatabase) => [
  db.outbox,
  db.sync_state,
  db.shadows,
  db.meta,
  db.photos,
  ...db.entityTables(),
];

// One file, one module state: the checks are not loaded when it starts (each vitest file runs in
// a fresh module graph), and the tests below run in order.
describe('the outbox checks, loaded on first use', () => {
  it('refuses an enqueue inside a caller’s transaction before they are loaded, writing nothing', async () => {
    expect(syncRulesLoaded()).toBeNull();
    const db = openTestDatabase();
    const userId = newId();
    const args = reportCreate();
    await expect(
      db.transaction('rw', scope(db), () =>
        enqueue(db, userId, 'report.create', args, [optimisticReport(args, userId)]),
      ),
    ).rejects.toThrow('enqueue inside a transaction before enqueueReady() has resolved');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.reports.count()).toBe(0);
    db.close();
  });

  it('queues inside a caller’s transaction once enqueueReady has resolved', async () => {
    await enqueueReady();
    expect(syncRulesLoaded()).not.toBeNull();
    const db = openTestDatabase();
    const userId = newId();
    const args = reportCreate();
    await db.transaction('rw', scope(db), () =>
      enqueue(db, userId, 'report.create', args, [optimisticReport(args, userId)]),
    );
    expect(await db.outbox.count()).toBe(1);
    expect(await db.reports.get(args.id)).toBeDefined();
    db.close();
  });

  it('loads them itself when no transaction is open', async () => {
    const db = openTestDatabase();
    const args = reportCreate();
    const userId = newId();
    await enqueue(db, userId, 'report.create', args, [optimisticReport(args, userId)]);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });
});
