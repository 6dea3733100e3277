import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { reports } from '../db/schema.js';
import { TestDevice, useSyncFixture } from './test-kit.js';

const f = useSyncFixture('custodian', 'Perpustakaan');

const report = (id: string, description = 'Rak buku roboh') => ({
  id,
  area_id: f.areaId,
  work_type: 'repair',
  description,
});
const rowsWithId = (id: string) => f.t.db.select().from(reports).where(eq(reports.id, id));

describe('report.create with an id that already exists', () => {
  it('is a no-op when the same user sends it again from a reinstalled app (a new client id)', async () => {
    const id = newId();
    expect((await f.staff.push(['report.create', report(id)])).results[0]?.status).toBe('applied');
    const [before] = await rowsWithId(id);

    const reinstalled = new TestDevice(f.t, f.staff.token);
    const again = await reinstalled.push(['report.create', report(id, 'Teks lain')]);

    expect(again.results[0]?.status).toBe('applied');
    expect(await rowsWithId(id)).toEqual([before]);
  });

  it('is still a no-op when the area it names was removed since it first applied', async () => {
    const id = newId();
    await f.staff.push(['report.create', report(id)]);
    const removed = await f.t.request(`/api/areas/${f.areaId}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    expect(removed.status).toBe(200);

    const again = await new TestDevice(f.t, f.staff.token).push(['report.create', report(id)]);

    expect(again.results[0]?.status).toBe('applied');
    expect(await rowsWithId(id)).toHaveLength(1);
  });

  it('is refused as id_taken when another user filed that id, and changes nothing', async () => {
    const id = newId();
    await f.staff.push(['report.create', report(id)]);
    const [before] = await rowsWithId(id);

    const taken = await f.admin.push(['report.create', report(id, 'Punya admin')]);

    expect(taken.results[0]).toMatchObject({
      status: 'rejected',
      code: 'conflict',
      reason: { code: 'id_taken', params: { kind: 'report' } },
    });
    expect(await rowsWithId(id)).toEqual([before]);
    // Within one batch the refusal leaves the transaction usable for the mutations after it.
    const next = await f.admin.push(
      ['report.create', report(id)],
      ['report.create', report(newId())],
    );
    expect(next.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
  });

  it('is refused as id_taken before its other checks when another user filed that id', async () => {
    const id = newId();
    await f.staff.push(['report.create', report(id)]);

    const taken = await f.admin.push(['report.create', { ...report(id), area_id: newId() }]);

    expect(taken.results[0]).toMatchObject({
      status: 'rejected',
      reason: { code: 'id_taken' },
    });
  });
});
