import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { photoUploads } from '../../db/schema.js';
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
  it('answers an upload with a server error and records nothing, so the device keeps it and retries', async () => {
    const { token } = await t.signIn('custodian');
    const id = newId();
    const bytes = jpegBytes(4000, 1);
    await s3?.stop();
    s3 = null;
    const res = await uploadPhoto(t, token, id, bytes);
    expect(res.status).toBe(500);
    expect(await t.db.select().from(photoUploads)).toEqual([]);
    expect((await t.request(`/api/photos/${id}`, { token })).status).toBe(404);
  });
});
