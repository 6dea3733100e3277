import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { jpegBytes, sha256, uploadPhoto } from '../../sync/test-kit.js';

/*
 * A photo file on the disk that a crash (or a power loss before the disk had it) left empty or
 * cut short. Served, it would be cached for good under its hash; kept, a retried upload could
 * never repair it.
 */
let t: TestApp;
let staff: { token: string };
beforeEach(async () => {
  t = await makeTestApp();
  staff = await t.signIn('custodian');
});
afterEach(() => t.close());

const fileOf = (hash: string) => path.join(t.dataDir, 'photos', hash.slice(0, 2), hash);

describe('a damaged photo file on the disk', () => {
  it('is answered as missing, never served as the photo and cached', async () => {
    const id = newId();
    const bytes = jpegBytes(6000, 3);
    expect((await uploadPhoto(t, staff.token, id, bytes)).status).toBe(201);
    fs.truncateSync(fileOf(sha256(bytes)), 100);
    const served = await t.request(`/api/photos/${id}`, { token: staff.token });
    expect(served.status).toBe(404);
    expect(await served.json()).toMatchObject({ code: 'photo_file_missing' });
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(served.headers.get('etag')).toBeNull();
  });

  it('is written again by the device retrying the upload it never saw answered', async () => {
    // The crash came after the bytes were renamed into place and before the row was written.
    const id = newId();
    const bytes = jpegBytes(6000, 4);
    const file = fileOf(sha256(bytes));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes.subarray(0, 0));
    expect((await uploadPhoto(t, staff.token, id, bytes)).status).toBe(201);
    const served = await t.request(`/api/photos/${id}`, { token: staff.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-length')).toBe('6000');
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
  });
});
