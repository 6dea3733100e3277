import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto } from '../../sync/test-kit.js';

let t: TestApp;
let admin: { token: string };
let staff: TestDevice;
let areaId: string;

beforeEach(async () => {
  t = await makeTestApp();
  admin = await t.signIn('admin');
  staff = new TestDevice(t, (await t.signIn('custodian')).token);
  const res = await t.request('/api/areas', {
    method: 'POST',
    token: admin.token,
    json: { name: 'Aula' },
  });
  areaId = ((await res.json()) as { data: { id: string } }).data.id;
});
afterEach(() => t.close());

const upload = (id: string, bytes: Uint8Array, hash = sha256(bytes)) =>
  uploadPhoto(t, staff.token, id, bytes, hash);

describe('PUT /api/photos/:id', () => {
  it('stores the bytes (201), answers a repeat with 200, and a reused id with other bytes 409', async () => {
    const id = newId();
    const bytes = jpegBytes(5000);
    const first = await upload(id, bytes);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      id,
      sha256: sha256(bytes),
      mime_type: 'image/jpeg',
      size_bytes: 5000,
    });
    expect((await upload(id, bytes)).status).toBe(200);
    expect((await upload(id, jpegBytes(5000, 7))).status).toBe(409);
  });

  it('refuses wrong magic bytes with 415, a hash mismatch with 422, and more than 10 MB with 413', async () => {
    const text = new TextEncoder().encode('GIF89a not allowed');
    expect((await upload(newId(), text)).status).toBe(415);
    const mismatch = await upload(newId(), jpegBytes(100), sha256(jpegBytes(100, 1)));
    expect(mismatch.status).toBe(422);
    expect(
      ((await mismatch.json()) as { errors: Record<string, string[]> }).errors['sha256']?.[0],
    ).toMatch(/tidak cocok/);
    expect((await upload(newId(), jpegBytes(10 * 1024 * 1024 + 1))).status).toBe(413);
    expect((await upload('not-a-uuid', jpegBytes(100))).status).toBe(422);
    const noHash = await t.request(`/api/photos/${newId()}`, {
      method: 'PUT',
      token: staff.token,
      body: jpegBytes(10),
    });
    expect(noHash.status).toBe(422);
  });

  it('attaches an uploaded photo to a report and serves it with caching headers', async () => {
    const photoId = newId();
    const bytes = jpegBytes(2048);
    const report = {
      id: newId(),
      area_id: areaId,
      work_type: 'cleaning',
      description: 'Kursi berdebu',
    };
    expect((await upload(photoId, bytes)).status).toBe(201);
    const result = await staff.push(
      ['report.create', report],
      [
        'photo.attach',
        {
          id: photoId,
          report_id: report.id,
          kind: 'before',
          sha256: sha256(bytes),
          mime_type: 'image/jpeg',
          size_bytes: 2048,
        },
      ],
    );
    expect(result.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const served = await t.request(`/api/photos/${photoId}`, { token: staff.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('shows a live report’s photo to every signed-in user, a removed one to its reporter and admins only', async () => {
    const report = { id: newId(), area_id: areaId, work_type: 'repair', description: 'Pintu' };
    await staff.push(['report.create', report]);
    const kept = await staff.attachPhoto(report.id, 'before');
    const removed = await staff.attachPhoto(report.id, 'after', jpegBytes(900, 3));
    await staff.push(['photo.remove', { id: removed.id }]);
    const stranger = await t.signIn('technician');
    const status = async (id: string, token: string) =>
      (await t.request(`/api/photos/${id}`, { token })).status;
    // As the report's detail is open to everyone (spec section 2), so are its photos.
    expect(await status(kept.id, stranger.token)).toBe(200);
    expect(await status(removed.id, stranger.token)).toBe(403);
    expect(await status(removed.id, staff.token)).toBe(200);
    expect(await status(removed.id, admin.token)).toBe(200);
    await new TestDevice(t, admin.token).push(['report.delete', { id: report.id }]);
    expect(await status(kept.id, stranger.token)).toBe(403);
    expect(await status(kept.id, staff.token)).toBe(200);
    expect(await status(kept.id, admin.token)).toBe(200);
    expect(await status(newId(), stranger.token)).toBe(404);
  });

  it('shows an upload not yet attached to its uploader and admins only', async () => {
    const id = newId();
    expect((await upload(id, jpegBytes(700))).status).toBe(201);
    const stranger = await t.signIn('gardener');
    expect((await t.request(`/api/photos/${id}`, { token: stranger.token })).status).toBe(403);
    expect((await t.request(`/api/photos/${id}`, { token: staff.token })).status).toBe(200);
    expect((await t.request(`/api/photos/${id}`, { token: admin.token })).status).toBe(200);
  });

  it('rejects attaching a photo that was never uploaded as photo_missing', async () => {
    const report = { id: newId(), area_id: areaId, work_type: 'repair', description: 'Lampu mati' };
    const result = await staff.push(
      ['report.create', report],
      [
        'photo.attach',
        {
          id: newId(),
          report_id: report.id,
          kind: 'before',
          sha256: 'a'.repeat(64),
          mime_type: 'image/jpeg',
          size_bytes: 10,
        },
      ],
    );
    expect(result.results[1]).toMatchObject({ status: 'rejected', code: 'photo_missing' });
  });
});
