import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { PHOTO_BACKENDS } from '../../test/photo-backends.js';
import { photoStoreFrom } from '../../storage/open-photo-store.js';
import type { PhotoStore } from '../../storage/photo-store.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto } from '../../sync/test-kit.js';

// The same suite for every photo store: what a device sees must not depend on where bytes live.
describe.each(PHOTO_BACKENDS)('photos on $name', (backend) => {
  let backendEnv: Awaited<ReturnType<typeof backend.start>>;
  let t: TestApp;
  let store: PhotoStore;
  let admin: { token: string };
  let staff: TestDevice;
  let areaId: string;

  beforeAll(async () => {
    backendEnv = await backend.start();
  });
  afterAll(() => backendEnv.stop());

  beforeEach(async () => {
    t = await makeTestApp(backendEnv.env());
    // A second handle on the same store, to see what reached it apart from the routes.
    store = photoStoreFrom(t.env);
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

  describe('PUT and GET /api/photos/:id', () => {
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

    it('answers two uploads of one id at once as it would one after the other', async () => {
      const id = newId();
      const clash = await Promise.all([
        upload(id, jpegBytes(3000, 1)),
        upload(id, jpegBytes(3000, 2)),
      ]);
      expect(clash.map((r) => r.status).sort()).toEqual([201, 409]);
      const winner = clash.find((r) => r.status === 201);
      const kept = ((await winner?.json()) as { sha256: string }).sha256;
      const served = await t.request(`/api/photos/${id}`, { token: staff.token });
      expect(served.headers.get('etag')).toBe(`"${kept}"`);
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(kept);

      const retried = newId();
      const bytes = jpegBytes(3000, 3);
      const retry = await Promise.all([upload(retried, bytes), upload(retried, bytes)]);
      expect(retry.map((r) => r.status).sort()).toEqual([200, 201]);
      const bodies = await Promise.all(retry.map((r) => r.json()));
      expect(bodies[0]).toEqual(bodies[1]);
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

    it('shows a removed photo to the job’s assignee too (decision 028)', async () => {
      const fixer = await t.signIn('technician');
      const job = { id: newId(), area_id: areaId, work_type: 'repair', description: 'Keran' };
      const adminDevice = new TestDevice(t, admin.token);
      await adminDevice.push(['report.create', { ...job, unassigned: true }]);
      await adminDevice.push([
        'report.set_job',
        { id: job.id, event_id: newId(), assignee_id: fixer.user.id },
      ]);
      const fixerDevice = new TestDevice(t, fixer.token);
      const photo = await fixerDevice.attachPhoto(job.id, 'after', jpegBytes(800, 4));
      await fixerDevice.push(['photo.remove', { id: photo.id }]);
      const status = async (token: string) =>
        (await t.request(`/api/photos/${photo.id}`, { token })).status;
      expect(await status(fixer.token)).toBe(200);
      expect(await status(staff.token)).toBe(403);
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
      const report = {
        id: newId(),
        area_id: areaId,
        work_type: 'repair',
        description: 'Lampu mati',
      };
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

  describe('what reaches the store', () => {
    it('refuses bad uploads before the store: nothing is written under their hash', async () => {
      const notImage = new TextEncoder().encode('GIF89a not allowed');
      const damaged = jpegBytes(4000, 5);
      const tooBig = jpegBytes(10 * 1024 * 1024 + 1);
      expect((await upload(newId(), notImage)).status).toBe(415);
      expect((await upload(newId(), damaged, sha256(jpegBytes(4000, 6)))).status).toBe(422);
      expect((await upload(newId(), tooBig)).status).toBe(413);
      for (const bytes of [notImage, damaged, tooBig]) {
        expect(await store.has(sha256(bytes))).toBe(false);
      }
      await expect(store.put(notImage)).rejects.toThrow(/not a JPEG, PNG or WEBP/);
    });

    it('keeps one object for the same bytes uploaded twice, even under another id', async () => {
      const bytes = jpegBytes(3000, 9);
      expect((await upload(newId(), bytes)).status).toBe(201);
      expect(await store.has(sha256(bytes))).toBe(true);
      expect((await upload(newId(), bytes)).status).toBe(201);
      expect(await store.put(bytes)).toBe(sha256(bytes));
      const stored = await store.open(sha256(bytes));
      expect(stored?.sizeBytes).toBe(3000);
      expect(new Uint8Array(await new Response(stored?.body).arrayBuffer())).toEqual(bytes);
    });

    it('keeps photos only in the configured store (no copy on the disk when it is a bucket)', async () => {
      expect((await upload(newId(), jpegBytes(1000, 2))).status).toBe(201);
      const onDisk = fs.existsSync(path.join(t.dataDir, 'photos'));
      expect(onDisk).toBe(t.env.PHOTO_STORE === undefined);
    });
  });

  describe('reads', () => {
    it('streams a large photo in pieces with its length, type and hash as ETag', async () => {
      const id = newId();
      const bytes = jpegBytes(2 * 1024 * 1024, 4);
      expect((await upload(id, bytes)).status).toBe(201);
      const served = await t.request(`/api/photos/${id}`, { token: staff.token });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
      const reader = (served.body as ReadableStream<Uint8Array>).getReader();
      const pieces: Uint8Array[] = [];
      for (let r = await reader.read(); !r.done; r = await reader.read()) pieces.push(r.value);
      // One piece would mean the route read the whole file before answering.
      expect(pieces.length).toBeGreaterThan(1);
      // Compared by hash: a deep comparison of megabytes is slow in the test runner.
      expect(sha256(Buffer.concat(pieces))).toBe(sha256(bytes));
    });

    it('answers 404 for bytes the store does not hold, and lets no cache keep that answer', async () => {
      const missing = await t.request(`/api/avatars/${sha256(jpegBytes(10, 99))}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      expect(missing.headers.get('etag')).toBeNull();
    });

    it("serves as an avatar only a user's current photo, not a report photo's bytes", async () => {
      const bytes = jpegBytes(1200, 21);
      expect((await upload(newId(), bytes)).status).toBe(201);
      // Held by the store, but as a report photo: only GET /api/photos/:id, signed in, has it.
      const asAvatar = await t.request(`/api/avatars/${sha256(bytes)}`);
      expect(asAvatar.status).toBe(404);
      expect(asAvatar.headers.get('cache-control')).toBe('no-store');
    });

    it('answers HEAD with the length and type and no body', async () => {
      const id = newId();
      expect((await upload(id, jpegBytes(1500, 12))).status).toBe(201);
      const head = await t.request(`/api/photos/${id}`, { method: 'HEAD', token: staff.token });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('1500');
      expect(head.headers.get('content-type')).toBe('image/jpeg');
      expect(await head.text()).toBe('');
    });

    it('answers 304 to a device that already holds the photo, after the same access check', async () => {
      const id = newId();
      const bytes = jpegBytes(900, 8);
      expect((await upload(id, bytes)).status).toBe(201);
      const headers = { 'if-none-match': `"${sha256(bytes)}"` };
      const again = await t.request(`/api/photos/${id}`, { token: staff.token, headers });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const stranger = await t.signIn('gardener');
      expect(
        (await t.request(`/api/photos/${id}`, { token: stranger.token, headers })).status,
      ).toBe(403);
    });

    it('serves an avatar and a custom request’s image from the store, typed by their first bytes', async () => {
      const png = new Uint8Array(2048);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const form = new FormData();
      form.set('name', 'Staf Kebun');
      form.set('email', 'kebun@sekolah.test');
      form.set('photo', new File([png], 'x.bin', { type: 'application/octet-stream' }));
      const gardener = await t.signIn('gardener', 'kebun@sekolah.test');
      const profile = await t.request('/api/profile', {
        method: 'POST',
        token: gardener.token,
        body: form,
      });
      expect(profile.status).toBe(200);
      const url = ((await profile.json()) as { user: { photo_url: string } }).user.photo_url;
      const avatar = await t.request(url);
      expect(avatar.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(png);

      const image = jpegBytes(5000, 11);
      expect((await upload(newId(), image)).status).toBe(201);
      const requestId = newId();
      const created = await staff.push([
        'request.create',
        {
          id: requestId,
          type: 'custom',
          custom_name: 'Sapu',
          image_sha256: sha256(image),
          quantity: 1,
        },
      ]);
      expect(created.results[0]?.status).toBe('applied');
      const served = await t.request(`/api/inventory/requests/${requestId}/image`, {
        token: admin.token,
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('content-length')).toBe('5000');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
    });
  });
});
