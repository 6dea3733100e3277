import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, reportDetailResponseSchema } from '@urs/sync-protocol';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto } from './test-kit.js';

let t: TestApp;
let staff: TestDevice;
let reportId: string;

beforeEach(async () => {
  t = await makeTestApp();
  const admin = await t.signIn('admin');
  staff = new TestDevice(t, (await t.signIn('custodian')).token);
  const res = await t.request('/api/areas', {
    method: 'POST',
    token: admin.token,
    json: { name: 'Aula' },
  });
  const areaId = ((await res.json()) as { data: { id: string } }).data.id;
  reportId = newId();
  await staff.push([
    'report.create',
    { id: reportId, area_id: areaId, work_type: 'repair', description: 'Pintu' },
  ]);
});
afterEach(() => t.close());

async function attach(kind: 'before' | 'after', captured_at: unknown, seed: number) {
  const id = newId();
  const bytes = jpegBytes(1500, seed);
  expect((await uploadPhoto(t, staff.token, id, bytes, sha256(bytes))).status).toBe(201);
  const args = {
    id,
    report_id: reportId,
    kind,
    sha256: sha256(bytes),
    mime_type: 'image/jpeg',
    size_bytes: bytes.byteLength,
    ...(captured_at !== undefined && { captured_at }),
  };
  const answer = await staff.push(['photo.attach', args]);
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
      (await staff.pullAll())
        .filter((change) => change.entity === 'report_photos' && change.op === 'put')
        .map((change) => (change.op === 'put' ? [change.row.id, change.row] : ['', null])),
    );
    const capturedOf = (id: string) =>
      (pulled.get(id) as { captured_at?: string | null } | undefined)?.captured_at;
    expect(capturedOf(timed.id)).toBe('2026-11-20T08:15:30+07:00');
    expect(capturedOf(wallOnly.id)).toBe('2026-11-20T10:00:00');
    expect(capturedOf(unknown.id)).toBeNull();
    expect(capturedOf(fromOldClient.id)).toBeNull();

    const res = await t.request(`/api/reports/${reportId}`, { token: staff.token });
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
    const res = await t.request(`/api/reports/${reportId}`, { token: staff.token });
    expect(reportDetailResponseSchema.parse(await res.json()).data.photos).toEqual([]);
  });
});
