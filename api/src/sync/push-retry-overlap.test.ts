import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION, type PushRequest, type PushResponse } from '@urs/sync-protocol';
import { reports, syncClients } from '../db/schema.js';
import { testEngine } from '../test/databases.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import type { TestApp } from '../test/harness.js';
import { applyPushBatch } from './push.js';
import { someoneWaitsForALock, syncFixture, type SyncFixture } from './test-kit.js';

/*
 * A device gives up on a slow push (its timeout, or a proxy's 504) while the server is still
 * applying it, and sends the same batch again. The retry must wait for the first to commit and
 * then be answered from the ledger, never apply the batch a second time. On SQLite the batch's
 * IMMEDIATE transaction holds the one write lock before the ledger is read; on PostgreSQL,
 * where writes run at READ COMMITTED, the ledger must be read only once the batch holds the
 * change counter's row lock. Here the two requests reach two API processes sharing one database.
 */
describe.skipIf(testEngine !== 'postgres')('a push retried while the first is applying', () => {
  let f: SyncFixture;
  let second: TestApp;
  beforeEach(async () => {
    f = await syncFixture('custodian', 'Gudang');
    second = f.t.twin();
  });
  afterEach(async () => {
    await second.close();
    await f.t.close();
  });

  const counter = async () => {
    const [row] = await f.t.db
      .select({ value: sql<number>`value` })
      .from(sql`change_counter`)
      .where(sql`school_id = ${FIRST_SCHOOL_ID}`);
    return Number(row?.value);
  };

  it('is answered duplicate once the first commits, and applies nothing again', async () => {
    const me = (await (await f.t.request('/api/user', { token: f.staff.token })).json()) as {
      user: { id: string; role: 'custodian' };
    };
    const counterBefore = await counter();
    const reportId = newId();
    const batch: PushRequest = {
      protocol_version: PROTOCOL_VERSION,
      client_id: newId(),
      mutations: [
        {
          id: newId(),
          seq: 1,
          name: 'report.create',
          args: {
            id: reportId,
            area_id: f.areaId,
            work_type: 'cleaning',
            description: 'Rak roboh',
          },
          at: new Date().toISOString(),
        },
        {
          id: newId(),
          seq: 2,
          name: 'report.update',
          args: { id: reportId, description: 'Rak roboh, dua papan patah' },
          at: new Date().toISOString(),
        },
      ],
    };
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let applied!: () => void;
    const firstHasApplied = new Promise<void>((resolve) => {
      applied = resolve;
    });

    // The first request applies both mutations, then keeps its transaction open.
    const first = applyPushBatch(
      f.t.db,
      { id: me.user.id, role: me.user.role, schoolId: FIRST_SCHOOL_ID },
      batch,
      {
        afterMutation: async (seq) => {
          if (seq < 2) return;
          applied();
          await held;
        },
      },
    );
    await firstHasApplied;

    // The device's retry of the same batch reaches the other process meanwhile.
    const retry = second.request('/api/sync/push', {
      method: 'POST',
      token: f.staff.token,
      json: batch,
    });
    await someoneWaitsForALock(f.t);
    release();

    const outcome = await first;
    expect(outcome.kind).toBe('applied');
    const res = await retry;
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as PushResponse;
    expect(outcome.body).toMatchObject({ results: [{ status: 'applied' }, { status: 'applied' }] });
    // Applied again, the update would be answered applied and numbered a second time.
    expect(answer.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(answer.last_seq).toBe(2);
    // Each applied mutation takes one change number: two, not four.
    expect(await counter()).toBe(counterBefore + 2);
    const [row] = await f.t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row?.description).toBe('Rak roboh, dua papan patah');
    const [ledger] = await f.t.db
      .select({ lastSeq: syncClients.lastSeq })
      .from(syncClients)
      .where(eq(syncClients.clientId, batch.client_id));
    expect(ledger?.lastSeq).toBe(2);
  });
});
