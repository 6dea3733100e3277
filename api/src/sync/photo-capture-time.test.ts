import { beforeEach, describe, expect, it } from 'vitest';
import { newId, reportDetailResponseSchema } from '@urs/sync-protocol';
import { jpegBytes, sha256, uploadPhoto, useSyncFixture } from './test-kit.js';

const f = useSyncFixture('custodian', 'Aula');
let reportId: string;

beforeEach(async () => {
  reportId = newId();
  await f.staff.push([
    'report.create',
    { id: reportId, area_id: f.areaId, work_type: 'repair', description: 'Pintu' },
  ]);
});

async function attach(kind: 'before' | 'after', captured_at: unknown, seed: number) {
  const id = newId();
  const bytes = jpegBytes(1500, seed);
  expect((await uploadPhoto(f.t, f.staff.token, id, bytes, sha256(bytes))).status).toBe(201);
  const args = {
    id,
    report_id: reportId,
    kind,
    sha256: sha256(bytes),
    mime_type: 'image/jpeg',
    size_bytes: bytes.byteLength,
    ...(captured_at !== undefined && { captured_at }),
  };
  const answer = await f.staff.push(['photo.attach', args]);
  return { id, result: answer.results[0] };
}

describe('photo capture time through push, pull and detail', () => {
  it('stores the capture time a device pushed and gives it back in the pull and the detail', async () => {
    const timed = await attach('before', '2026-11-20T08:15:30+07:00', 1);
    const wallOnly = await attach('after', '2026-11-20T10:00:00', 2);
    const unknown = await attach('after', null, 3);
    const fromOldClient = await attach('after', undefined, 4);
    for (const photo of [timed, wallOnly, unknown, fromOldClient]) {
      expect(photo.result?.status).toBe('applied');
    }

    const pulled = new Map(
      (await f.staff.pullAll())
        .filter((change) => change.entity === 'report_photos' && change.op === 'put')
        .map((change) => (change.op === 'put' ? [change.row.id, change.row] : ['', null])),
    );
    const capturedOf = (id: string) =>
      (pulled.get(id) as { captured_at?: string | null } | undefined)?.captured_at;
    expect(capturedOf(timed.id)).toBe('2026-11-20T08:15:30+07:00');
    expect(capturedOf(wallOnly.id)).toBe('2026-11-20T10:00:00');
    expect(capturedOf(unknown.id)).toBeNull();
    expect(capturedOf(fromOldClient.id)).toBeNull();

    const res = await f.t.request(`/api/reports/${reportId}`, { token: f.staff.token });
    const detail = reportDetailResponseSchema.parse(await res.json()).data;
    expect(Object.fromEntries(detail.photos.map((p) => [p.id, p.captured_at]))).toEqual({
      [timed.id]: '2026-11-20T08:15:30+07:00',
      [wallOnly.id]: '2026-11-20T10:00:00',
      [unknown.id]: null,
      [fromOldClient.id]: null,
    });
  });

  it('rejects a malformed capture time with a field message and attaches nothing', async () => {
    const bad = await attach('before', '2026:11:20 08:15:30', 5);
    expect(bad.result).toMatchObject({ status: 'rejected', code: 'validation' });
    const res = await f.t.request(`/api/reports/${reportId}`, { token: f.staff.token });
    expect(reportDetailResponseSchema.parse(await res.json()).data.photos).toEqual([]);
  });
});
