import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId, PROTOCOL_VERSION, reason, type PushRequest } from '@urs/sync-protocol';
import { areas, changeCounter, reports, syncClients, syncRejections } from '../db/schema.js';
import * as savepoint from '../db/savepoint.js';
import type { SchoolActor } from '../auth/policy.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { testEngine } from '../test/databases.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { HANDLERS } from './handlers/index.js';
import { applyPushBatch } from './push.js';
import { refuse } from './refusal.js';

/*
 * The paths of applyPushBatch that only exist for speed: mutations whose handler writes once run
 * without a savepoint, the ledger is read and written once per batch, and the batch takes the
 * write lock up front. Each test pins down a semantic those shortcuts must keep.
 */

vi.mock('../db/savepoint.js', { spy: true });

let t: TestApp;
let actor: SchoolActor;
let areaId: string;
let clientId: string;
let seq: number;

beforeEach(async () => {
  t = await makeTestApp();
  const admin = await t.signIn('admin');
  const { user } = await t.signIn('custodian');
  actor = { id: user.id, role: 'custodian', schoolId: FIRST_SCHOOL_ID };
  const res = await t.request('/api/areas', {
    method: 'POST',
    token: admin.token,
    json: { name: 'Lab IPA' },
  });
  areaId = ((await res.json()) as { data: { id: string } }).data.id;
  clientId = newId();
  seq = 0;
  vi.mocked(savepoint.withSavepoint).mockClear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

type Envelope = PushRequest['mutations'][number];

/** The next envelope of this test's device. */
function next(name: string, args: unknown): Envelope {
  seq += 1;
  return { id: newId(), seq, name, args, at: new Date().toISOString() };
}
const create = (over: Record<string, unknown> = {}) =>
  next('report.create', {
    id: newId(),
    area_id: areaId,
    work_type: 'cleaning',
    description: 'Meja lab berdebu',
    ...over,
  });
const batch = (mutations: Envelope[]): PushRequest => ({
  protocol_version: PROTOCOL_VERSION,
  client_id: clientId,
  mutations,
});
const push = async (mutations: Envelope[]) => {
  const outcome = await applyPushBatch(t.db, actor, batch(mutations));
  if (outcome.kind !== 'applied') throw new Error(`push answered ${outcome.kind}`);
  return outcome.body;
};
const statuses = (body: Awaited<ReturnType<typeof push>>) =>
  body.results.map((r) => (r.status === 'rejected' ? r.code : r.status));
const lastSeq = async () => (await t.db.select().from(syncClients))[0]?.lastSeq;
const counter = async () => (await t.db.select().from(changeCounter))[0]?.value;
const reportIds = async () =>
  (await t.db.select({ id: reports.id }).from(reports)).map((r) => r.id);

describe.skipIf(testEngine !== 'sqlite')('a mutation whose handler writes once', () => {
  it('runs without a savepoint, and a refusal leaves nothing of it behind but its record', async () => {
    const before = await counter();
    const good = create();
    const missingArea = create({ area_id: newId() });
    const body = await push([good, missingArea]);
    expect(statuses(body)).toEqual(['applied', 'validation']);
    expect(savepoint.withSavepoint).not.toHaveBeenCalled();
    expect(await reportIds()).toEqual([(good.args as { id: string }).id]);
    // Only the applied report took a change_seq; the refused one wrote nothing, not even that.
    expect(await counter()).toBe((before ?? 0) + 1);
    expect(await t.db.select().from(syncRejections)).toMatchObject([
      { seq: missingArea.seq, mutationId: missingArea.id, code: 'validation' },
    ]);
    expect(await lastSeq()).toBe(2);
  });

  it('fails the whole batch if its handler ever writes and then refuses', async () => {
    vi.spyOn(HANDLERS, 'report.update').mockImplementation(({ tx }, a) => {
      tx.update(reports).set({ description: 'setengah jadi' }).where(eq(reports.id, a.id)).run();
      throw refuse.conflict(reason('id_taken', { kind: 'report' }));
    });
    const first = create();
    await push([first]);
    const id = (first.args as { id: string }).id;
    const counterBefore = await counter();
    const fresh = create();
    const edit = next('report.update', { id, description: 'diubah' });
    await expect(applyPushBatch(t.db, actor, batch([fresh, edit]))).rejects.toThrow(
      /report\.update wrote before refusing/,
    );
    expect(await reportIds()).toEqual([id]);
    expect((await t.db.select().from(reports))[0]?.description).toBe('Meja lab berdebu');
    expect(await counter()).toBe(counterBefore);
    expect(await t.db.select().from(syncRejections)).toEqual([]);
    expect(await lastSeq()).toBe(1);
  });
});

describe.skipIf(testEngine !== 'sqlite')('a mutation whose handler writes more than once', () => {
  it('runs in a savepoint that a refusal after its first write rolls back', async () => {
    const first = create();
    await push([first]);
    const id = (first.args as { id: string }).id;
    actor = { ...actor, role: 'admin' };
    vi.spyOn(HANDLERS, 'report.delete').mockImplementation(({ tx, now, seq: take }, a) => {
      tx.update(reports)
        .set({ deletedAt: now, changeSeq: take() })
        .where(eq(reports.id, a.id))
        .run();
      throw refuse.conflict(reason('photo_gone'));
    });
    const body = await push([next('report.delete', { id })]);
    expect(statuses(body)).toEqual(['conflict']);
    expect(savepoint.withSavepoint).toHaveBeenCalledTimes(1);
    expect((await t.db.select().from(reports))[0]?.deletedAt).toBeNull();
    expect(await lastSeq()).toBe(2);
  });
});

describe.skipIf(testEngine !== 'sqlite')('the ledger, read and written once per batch', () => {
  it('answers a retried, partly applied batch exactly once per seq', async () => {
    const a = create();
    const refused = create({ description: '' });
    const b = create();
    expect(statuses(await push([a, refused, b]))).toEqual(['applied', 'validation', 'applied']);
    // The device lost the answer, and resends from `refused` with two new mutations after it.
    const c = create();
    const d = create();
    const retry = await push([refused, b, c, d]);
    expect(statuses(retry)).toEqual(['validation', 'duplicate', 'applied', 'applied']);
    expect(retry.last_seq).toBe(5);
    expect((await reportIds()).sort()).toEqual(
      [a, b, c, d].map((m) => (m.args as { id: string }).id).sort(),
    );
    expect(await t.db.select().from(syncClients)).toMatchObject([{ lastSeq: 5 }]);
    expect(await t.db.select().from(syncRejections)).toHaveLength(1);
  });

  it('stays where it was when the batch fails midway, and the retry applies everything once', async () => {
    await push([create()]);
    const counterBefore = await counter();
    const mutations = [create(), create({ description: '' }), create()];
    let crash = true;
    const crashAt = (s: number) => {
      if (crash && s === 4) throw new Error('disk penuh');
    };
    await expect(
      applyPushBatch(t.db, actor, batch(mutations), { afterMutation: crashAt }),
    ).rejects.toThrow('disk penuh');
    expect(await lastSeq()).toBe(1);
    expect(await counter()).toBe(counterBefore);
    expect(await reportIds()).toHaveLength(1);
    expect(await t.db.select().from(syncRejections)).toEqual([]);
    crash = false;
    const retried = await applyPushBatch(t.db, actor, batch(mutations), { afterMutation: crashAt });
    expect(retried.kind === 'applied' && statuses(retried.body)).toEqual([
      'applied',
      'validation',
      'applied',
    ]);
    expect(await lastSeq()).toBe(4);
    expect(await reportIds()).toHaveLength(3);
  });
});

describe.skipIf(testEngine !== 'sqlite')('what a batch remembers', () => {
  it('remembers a live area for its own mutations only, never into the next batch', async () => {
    expect(statuses(await push([create(), create()]))).toEqual(['applied', 'applied']);
    await t.db.write((tx) =>
      tx.update(areas).set({ deletedAt: new Date().toISOString() }).where(eq(areas.id, areaId)),
    );
    expect(statuses(await push([create()]))).toEqual(['validation']);
  });
});

describe.skipIf(testEngine !== 'sqlite')('the batch transaction', () => {
  it('refuses to apply seqs that are not one contiguous run (the route answers 422 first)', async () => {
    const a = create();
    create();
    const c = create();
    await expect(applyPushBatch(t.db, actor, batch([a, c]))).rejects.toThrow(/not contiguous/);
    expect(await reportIds()).toEqual([]);
  });

  it('holds the write lock from its first statement, before any mutation writes', async () => {
    const other = new Database(t.db.location, { timeout: 0 });
    let otherWriter: unknown = 'not tried';
    vi.spyOn(HANDLERS, 'report.create').mockImplementation(() => {
      try {
        other.exec('BEGIN IMMEDIATE');
        other.exec('ROLLBACK');
        otherWriter = 'got the lock';
      } catch (err) {
        otherWriter = (err as { code?: string }).code;
      }
    });
    await push([create()]);
    other.close();
    expect(otherWriter).toBe('SQLITE_BUSY');
  });
});
