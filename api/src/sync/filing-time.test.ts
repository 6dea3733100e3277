import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, reportDetailResponseSchema } from '@urs/sync-protocol';
import { reports, stockTransactions, users } from '../db/schema.js';
import { syncFixture, type SyncFixture } from './test-kit.js';
import { boundFilingTime, FILING_CLOCK_SKEW_MS } from './filing-time.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe('boundFilingTime', () => {
  const bounds = {
    receivedAt: '2026-11-16T00:00:00.000Z',
    userSince: '2026-09-01T00:00:00.000Z',
  };

  it('keeps a time between the user joining and the receipt, as UTC that sorts as text', () => {
    expect(boundFilingTime('2026-11-13T15:00:00+07:00', bounds)).toBe('2026-11-13T08:00:00.000Z');
    expect(boundFilingTime(bounds.userSince, bounds)).toBe(bounds.userSince);
    expect(boundFilingTime(bounds.receivedAt, bounds)).toBe(bounds.receivedAt);
  });

  it('believes a clock a little ahead, and clamps one further ahead to the receipt time', () => {
    const received = Date.parse(bounds.receivedAt);
    const justAhead = new Date(received + FILING_CLOCK_SKEW_MS).toISOString();
    expect(boundFilingTime(justAhead, bounds)).toBe(justAhead);
    const tooFar = new Date(received + FILING_CLOCK_SKEW_MS + 1000).toISOString();
    expect(boundFilingTime(tooFar, bounds)).toBe(bounds.receivedAt);
    expect(boundFilingTime('2027-06-01T00:00:00.000Z', bounds)).toBe(bounds.receivedAt);
  });

  it('clamps a time before the user existed to their account creation', () => {
    expect(boundFilingTime('2026-08-31T23:59:59.999Z', bounds)).toBe(bounds.userSince);
    expect(boundFilingTime('1970-01-01T00:00:00.000Z', bounds)).toBe(bounds.userSince);
  });

  it('stores every readable time in the one canonical UTC form, an impossible date rolled over', () => {
    expect(boundFilingTime('2026-10-31T23:59:59.999Z', bounds)).toBe('2026-10-31T23:59:59.999Z');
    expect(boundFilingTime('2026-10-05T10:00:00Z', bounds)).toBe('2026-10-05T10:00:00.000Z');
    expect(boundFilingTime('2026-10-05T10:00:00.000+00:00', bounds)).toBe(
      '2026-10-05T10:00:00.000Z',
    );
    expect(boundFilingTime('2026-09-31T08:00:00.000Z', bounds)).toBe('2026-10-01T08:00:00.000Z');
  });

  it('judges a time already in canonical form against the bounds to the millisecond', () => {
    const received = Date.parse(bounds.receivedAt);
    const latest = new Date(received + FILING_CLOCK_SKEW_MS).toISOString();
    const pastLatest = new Date(received + FILING_CLOCK_SKEW_MS + 1).toISOString();
    expect(boundFilingTime(latest, bounds)).toBe(latest);
    expect(boundFilingTime(pastLatest, bounds)).toBe(bounds.receivedAt);
    const since = Date.parse(bounds.userSince);
    expect(boundFilingTime(new Date(since + 1).toISOString(), bounds)).toBe(
      '2026-09-01T00:00:00.001Z',
    );
    expect(boundFilingTime(new Date(since - 1).toISOString(), bounds)).toBe(bounds.userSince);
  });

  it('clamps to the account creation in canonical form whatever form it was stored in', () => {
    const offsetSince = { ...bounds, userSince: '2026-09-01T07:00:00+07:00' };
    expect(boundFilingTime('2026-08-31T23:59:59.999Z', offsetSince)).toBe(
      '2026-09-01T00:00:00.000Z',
    );
    expect(boundFilingTime('2026-08-31T23:59:59.999+00:00', offsetSince)).toBe(
      '2026-09-01T00:00:00.000Z',
    );
    expect(boundFilingTime('2026-09-01T00:00:00.000Z', offsetSince)).toBe(
      '2026-09-01T00:00:00.000Z',
    );
  });

  it('keeps a readable time when the account creation is unreadable, as before', () => {
    const unreadable = { ...bounds, userSince: 'tidak diketahui' };
    expect(boundFilingTime('2020-01-01T00:00:00.000Z', unreadable)).toBe(
      '2020-01-01T00:00:00.000Z',
    );
  });

  it('judges each time against the bounds of its own batch', () => {
    const later = { receivedAt: '2026-12-16T00:00:00.000Z', userSince: bounds.userSince };
    const december = '2026-12-01T00:00:00.000Z';
    expect(boundFilingTime(december, bounds)).toBe(bounds.receivedAt);
    expect(boundFilingTime(december, later)).toBe(december);
  });

  it('takes the receipt time when the device gave no readable time', () => {
    expect(boundFilingTime(undefined, bounds)).toBe(bounds.receivedAt);
    expect(boundFilingTime('kemarin sore', bounds)).toBe(bounds.receivedAt);
  });
});

describe('a pushed report keeps when it was filed on the device, within bounds', () => {
  let f: SyncFixture;
  /** The staff account was created 30 days before the test runs. */
  let userSince: string;
  beforeEach(async () => {
    f = await syncFixture('gardener', 'Taman');
    userSince = new Date(Date.now() - 30 * DAY).toISOString();
    await f.t.db.write((tx) => tx.update(users).set({ createdAt: userSince }));
  });
  afterEach(() => f.t.close());

  const createArgs = (id: string, reportedAt?: string) => ({
    id,
    area_id: f.areaId,
    work_type: 'maintenance',
    description: 'Rumput liar di taman depan',
    ...(reportedAt !== undefined && { reported_at: reportedAt }),
  });

  async function stored(id: string) {
    const [row] = await f.t.db.select().from(reports).where(eq(reports.id, id));
    if (row === undefined) throw new Error(`report ${id} was not stored`);
    return row;
  }

  it('stores the filing time apart from the receipt time, in the pull and the detail alike', async () => {
    const id = newId();
    const filed = new Date(Date.now() - 3 * DAY);
    const sentBefore = new Date().toISOString();
    const { results } = await f.staff.push(['report.create', createArgs(id, filed.toISOString())]);
    expect(results[0]?.status).toBe('applied');
    const row = await stored(id);
    expect(row.reportedAt).toBe(filed.toISOString());
    expect(row.createdAt >= sentBefore).toBe(true);

    const pulled = (await f.staff.pullAll()).find((c) => c.entity === 'reports' && c.id === id);
    expect(pulled?.op === 'put' && pulled.row).toMatchObject({
      reported_at: filed.toISOString(),
      created_at: row.createdAt,
    });
    const detail = reportDetailResponseSchema.parse(
      await (await f.t.request(`/api/reports/${id}`, { token: f.staff.token })).json(),
    );
    expect(detail.data.reported_at).toBe(filed.toISOString());
    expect(detail.data.created_at).toBe(row.createdAt);
  });

  it('clamps a filing time far in the future to the receipt time and keeps the report', async () => {
    const ahead = newId();
    const slightlyAhead = newId();
    const nearFuture = new Date(Date.now() + 2 * MINUTE).toISOString();
    const { results } = await f.staff.push(
      ['report.create', createArgs(ahead, new Date(Date.now() + 2 * DAY).toISOString())],
      ['report.create', createArgs(slightlyAhead, nearFuture)],
    );
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const clamped = await stored(ahead);
    expect(clamped.reportedAt).toBe(clamped.createdAt);
    expect((await stored(slightlyAhead)).reportedAt).toBe(nearFuture);
  });

  it('clamps a filing time before the user existed to their account creation', async () => {
    const id = newId();
    const { results } = await f.staff.push([
      'report.create',
      createArgs(id, new Date(Date.now() - 400 * DAY).toISOString()),
    ]);
    expect(results[0]?.status).toBe('applied');
    expect((await stored(id)).reportedAt).toBe(userSince);
  });

  it('files an entry from an app without filing times at the time the device queued it', async () => {
    const queued = newId();
    const unreadable = newId();
    const queuedAt = new Date(Date.now() - 2 * DAY).toISOString();
    const res = await f.staff.pushRaw([
      { ...f.staff.envelope('report.create', createArgs(queued)), at: queuedAt },
      { ...f.staff.envelope('report.create', createArgs(unreadable)), at: 'bukan waktu' },
    ]);
    expect(res.status).toBe(200);
    expect((await stored(queued)).reportedAt).toBe(queuedAt);
    const fallback = await stored(unreadable);
    expect(fallback.reportedAt).toBe(fallback.createdAt);
  });

  it('refuses a filing time that is not a time, with a field message, and stores nothing', async () => {
    const id = newId();
    const { results } = await f.staff.push(['report.create', createArgs(id, 'kemarin')]);
    expect(results[0]).toMatchObject({
      status: 'rejected',
      code: 'validation',
      errors: { reported_at: ['Waktu tidak valid.'] },
    });
    expect(await f.t.db.select().from(reports).where(eq(reports.id, id))).toEqual([]);
  });

  it('bounds stock usage times the same way', async () => {
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Pupuk', unit: 'kg', stock: 10 }]);
    const future = newId();
    const ancient = newId();
    const lastWeek = newId();
    const weekAgo = new Date(Date.now() - 7 * DAY).toISOString();
    const usage = (id: string, occurredAt: string) => ({
      id,
      item_id: item,
      type: 'out',
      quantity: 1,
      occurred_at: occurredAt,
    });
    const { results } = await f.staff.push(
      ['stock.record', usage(future, new Date(Date.now() + 3 * DAY).toISOString())],
      ['stock.record', usage(ancient, '2020-01-01T00:00:00.000Z')],
      ['stock.record', usage(lastWeek, weekAgo)],
    );
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const rows = new Map(
      (await f.t.db.select().from(stockTransactions)).map((row) => [row.id, row]),
    );
    expect(rows.get(future)?.occurredAt).toBe(rows.get(future)?.createdAt);
    expect(rows.get(ancient)?.occurredAt).toBe(userSince);
    expect(rows.get(lastWeek)?.occurredAt).toBe(weekAgo);
  });
});
