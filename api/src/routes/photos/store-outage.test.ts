import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { photoUploads } from '../../db/schema.js';
import { PHOTO_STORE_RETRY_AFTER_SECONDS } from '../../middleware/errors.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { jpegBytes, uploadPhoto } from '../../sync/test-kit.js';

let s3: S3TestServer | null;
let t: TestApp;
beforeEach(async () => {
  s3 = await startS3Server();
  t = await makeTestApp(s3.env('outage'));
});
afterEach(async () => {
  await t.close();
  await s3?.stop();
});

describe('a photo store that goes away while the API runs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** What the API logged: one line per failure, no SDK stack. */
  function logged() {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return () => log.mock.calls;
  }

  it('answers an upload 503 and records nothing, so the device keeps it and retries', async () => {
    const { token } = await t.signIn('custodian');
    const id = newId();
    const bytes = jpegBytes(4000, 1);
    await s3?.stop();
    s3 = null;
    const calls = logged();
    const res = await uploadPhoto(t, token, id, bytes);
    expect(res.status).toBe(503);
    // A passing fault: proxies and devices come back after it, as for the database.
    expect(res.headers.get('retry-after')).toBe(String(PHOTO_STORE_RETRY_AFTER_SECONDS));
    expect(await res.json()).toMatchObject({
      code: 'photo_store_unavailable',
      message: 'Penyimpanan foto sedang tidak dapat dijangkau. Silakan coba lagi nanti.',
    });
    expect(await t.db.select().from(photoUploads)).toEqual([]);
    // One line naming the store and the cause, as at start-up.
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toHaveLength(1);
    expect(String(calls()[0]?.[0])).toMatch(
      new RegExp(
        `^\\[api\\] PUT /api/photos/${id} failed: photo store s3://.* cannot reach the endpoint \\(ECONNREFUSED\\)`,
      ),
    );
    expect((await t.request(`/api/photos/${id}`, { token })).status).toBe(404);
  });

  it("answers a photo's bytes 503 while the store is down", async () => {
    const { token } = await t.signIn('custodian');
    const id = newId();
    const bytes = jpegBytes(4000, 2);
    expect((await uploadPhoto(t, token, id, bytes)).status).toBe(201);
    await s3?.stop();
    s3 = null;
    logged();
    const down = await t.request(`/api/photos/${id}`, { token });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(PHOTO_STORE_RETRY_AFTER_SECONDS));
    expect(await down.json()).toMatchObject({ code: 'photo_store_unavailable' });
  });
});
