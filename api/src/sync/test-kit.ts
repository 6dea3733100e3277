import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach } from 'vitest';
import { newId, PROTOCOL_VERSION, type PullResponse, type PushResponse } from '@urs/sync-protocol';
import type { Role } from '@urs/sync-protocol';
import { makeTestApp, type TestApp, type TestAppOptions } from '../test/harness.js';

/** A minimal device for tests: its own client id and seq counter, talking to the real app. */
export class TestDevice {
  readonly clientId = newId();
  private seq = 0;
  cursor = '';

  constructor(
    private readonly t: TestApp,
    public token: string,
  ) {}

  envelope(name: string, args: unknown) {
    this.seq += 1;
    return { id: newId(), seq: this.seq, name, args, at: new Date().toISOString() };
  }

  async pushRaw(mutations: ReturnType<TestDevice['envelope']>[]) {
    return this.t.request('/api/sync/push', {
      method: 'POST',
      token: this.token,
      json: { protocol_version: PROTOCOL_VERSION, client_id: this.clientId, mutations },
    });
  }

  async push(...mutations: [string, unknown][]): Promise<PushResponse> {
    const res = await this.pushRaw(mutations.map(([name, args]) => this.envelope(name, args)));
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as PushResponse;
  }

  /** Uploads the bytes, then pushes `photo.attach`: a report photo as the app files it. */
  async attachPhoto(reportId: string, kind: 'before' | 'after', bytes = jpegBytes(2048)) {
    const id = newId();
    const upload = await uploadPhoto(this.t, this.token, id, bytes);
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    const args = { id, report_id: reportId, kind, sha256: sha256(bytes) };
    const result = await this.push([
      'photo.attach',
      { ...args, mime_type: 'image/jpeg', size_bytes: bytes.byteLength },
    ]);
    return { id, result: result.results[0] };
  }

  async pullAll(limit = 500): Promise<PullResponse['changes']> {
    const all: PullResponse['changes'] = [];
    for (;;) {
      const res = await this.t.request(`/api/sync/pull?cursor=${this.cursor}&limit=${limit}`, {
        token: this.token,
      });
      if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${await res.text()}`);
      const page = (await res.json()) as PullResponse;
      all.push(...page.changes);
      this.cursor = page.cursor;
      if (!page.has_more) return all;
    }
  }
}

export function jpegBytes(size = 1024, seed = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** PUT /api/photos/:id as a device sends it, before the mutation that names the photo. */
export function uploadPhoto(
  t: TestApp,
  token: string,
  id: string,
  bytes: Uint8Array,
  hash = sha256(bytes),
): Promise<Response> {
  return t.request(`/api/photos/${id}`, {
    method: 'PUT',
    token,
    body: bytes,
    headers: { 'content-type': 'image/jpeg', 'x-content-sha256': hash },
  });
}

export interface SyncFixture {
  t: TestApp;
  admin: TestDevice;
  staff: TestDevice;
  areaId: string;
}

/** A fresh app with an admin device, a staff device of the given role and one area. */
export async function syncFixture(
  staffRole: Role,
  areaName: string,
  options: TestAppOptions = {},
): Promise<SyncFixture> {
  const t = await makeTestApp({}, options);
  const admin = new TestDevice(t, (await t.signIn('admin')).token);
  const staff = new TestDevice(t, (await t.signIn(staffRole)).token);
  const res = await t.request('/api/areas', {
    method: 'POST',
    token: admin.token,
    json: { name: areaName },
  });
  const areaId = ((await res.json()) as { data: { id: string } }).data.id;
  return { t, admin, staff, areaId };
}

/**
 * A fresh {@link syncFixture} for each test of the calling file, closed after it. The object
 * returned is the same one throughout, refilled before each test, so a file can hold it in a const.
 */
export function useSyncFixture(
  staffRole: Role,
  areaName: string,
  options: TestAppOptions = {},
): SyncFixture {
  const live = {} as SyncFixture;
  beforeEach(async () => {
    Object.assign(live, await syncFixture(staffRole, areaName, options));
  });
  afterEach(() => live.t.close());
  return live;
}

/**
 * PostgreSQL only: resolves once some connection of the test's database waits for a lock, as a
 * second process's statement does behind a transaction the test holds open.
 */
export async function someoneWaitsForALock(t: TestApp): Promise<void> {
  for (;;) {
    const rows = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(sql`pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (Number(rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
