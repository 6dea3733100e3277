import { afterEach, describe, expect, it } from 'vitest';
import {
  checkMutation,
  MAX_IMAGE_BYTES,
  MAX_PUSH_MUTATIONS,
  newId,
  PROTOCOL_VERSION,
  pushRequestSchema,
  type MutationResult,
  type ParsedMutation,
  type Role,
  type SyncedEntity,
  type SyncErrorCode,
  type User,
} from '@urs/sync-protocol';
import type { EntityRow, SyncedRow, UrsDatabase } from '../db/database.js';
import { createApiClient, type FetchLike } from '../client/api-client.js';
import { createSyncEngine, PUSH_BETWEEN_PHOTOS_MS, type SyncEngine } from './engine.js';
import { DEFAULT_BACKOFF } from './backoff.js';
import { createMemoryLock } from './lock.js';
import { discardRejected, enqueue, retryRejected } from './outbox.js';
import { savePhoto } from './photos.js';
import { pullChanges } from './pull.js';
import { pendingCountFor } from './local-data-owner.js';
import { serverUnreachable } from './reachability.js';
import {
  jpegBytes,
  openTestDatabase,
  optimisticReport,
  photoAttach,
  reportCreate,
  reportRow,
} from '../test/sync-fixtures.js';
import { sha256Hex } from './sha256.js';
import { testUser } from '../test/user.js';

/*
 * A test double of the API's sync contract (PUT /api/photos/:id, POST /api/sync/push,
 * GET /api/sync/pull), faithful where the client depends on it: a last_seq ledger per
 * (user, client_id), duplicate / rejected / seq_gap answers, one all-or-nothing commit per
 * batch, a single change_seq counter, tombstones, visibility per user, and paged pulls.
 */

interface ServerRecord {
  entity: SyncedEntity;
  id: string;
  change_seq: number;
  /** null: tombstone. */
  row: SyncedRow | null;
  /** null: everyone may see it; else the owner (and admins). */
  owner_id: string | null;
}

type PushFault = 'lose_response' | 'crash_mid_batch';

class Refusal {
  constructor(
    readonly code: SyncErrorCode,
    readonly message: string,
  ) {}
}

const STATUS_MOVES: Record<string, string[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

class FakeSyncServer {
  private users = new Map<string, User>();
  private tokens = new Map<string, string>();
  private ledger = new Map<string, number>();
  private records = new Map<string, ServerRecord>();
  private changeSeq = 0;
  private uploads = new Map<string, { sha256: string; user_id: string; bytes: Uint8Array }>();
  /** Every request, in order: `METHOD /path`. */
  readonly requests: string[] = [];
  /** Every mutation the server applied or refused (not duplicates), in commit order. */
  readonly judged: { user_id: string; seq: number; id: string; name: string; status: string }[] =
    [];
  readonly pushFaults: PushFault[] = [];
  /** A status to answer a photo's upload with, or 'no-answer' (a timeout, a dropped link). */
  readonly photoFaults = new Map<string, number | 'no-answer'>();
  /** Called with `METHOD /path` as each request arrives. */
  onRequest: ((request: string) => void) | null = null;
  /** Batches with more mutations than this are answered 413. */
  maxBatch = Infinity;
  /**
   * Batches with more mutations than this never get an answer in time (a slow uplink): the
   * request times out on the device, as ky's timeout would end it.
   */
  slowBatch = Infinity;
  down = false;
  /** Set: every request is answered 503 with this Retry-After, as while the database restarts. */
  databaseDownRetryAfter: string | null = null;
  /** Set: photo uploads are answered 503 with this Retry-After, as while the photo store is away. */
  photoStoreDownRetryAfter: string | null = null;

  addUser(name: string, role: Role = 'technician'): { user: User; token: string } {
    const now = new Date().toISOString();
    const user: User = testUser({
      id: newId(),
      name,
      email: `${name.toLowerCase()}@sekolah.test`,
      role,
      created_at: now,
      updated_at: now,
    });
    this.users.set(user.id, user);
    this.write('users', user.id, { ...user, role, photo_url: null }, null);
    return { user, token: this.signIn(user.id) };
  }

  /** An admin changes the user's role: their row changes, and what they may pull with it. */
  setRole(userId: string, role: Role): void {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error('no such user');
    const changed = { ...user, role, updated_at: new Date().toISOString() };
    this.users.set(userId, changed);
    this.write('users', userId, { ...changed, photo_url: null }, null);
  }

  signIn(userId: string): string {
    const token = `token-${newId()}`;
    this.tokens.set(token, userId);
    return token;
  }

  revokeAll(userId: string): void {
    for (const [token, owner] of this.tokens) if (owner === userId) this.tokens.delete(token);
  }

  /** A restore from backup that lost this client's ledger. */
  forgetLedger(userId: string, clientId: string): void {
    this.ledger.delete(`${userId}|${clientId}`);
  }

  row(entity: SyncedEntity, id: string): SyncedRow | null | undefined {
    return this.records.get(`${entity}/${id}`)?.row;
  }

  /** Another device's change, applied directly. */
  applyAs(userId: string, mutation: ParsedMutation): void {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error('no such user');
    const refusal = this.apply(user, mutation, new Date().toISOString());
    if (refusal !== null) throw new Error(refusal.message);
  }

  readonly fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    this.requests.push(`${request.method} ${url.pathname}`);
    this.onRequest?.(`${request.method} ${url.pathname}`);
    if (this.down) throw new TypeError('fetch failed');
    if (this.databaseDownRetryAfter !== null) {
      return unavailable(
        'database_unavailable',
        'Basis data server sedang tidak dapat dijangkau.',
        this.databaseDownRetryAfter,
      );
    }
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const user = this.users.get(this.tokens.get(token) ?? '');
    if (user === undefined) return json(401, { message: 'Sesi tidak valid.' });

    const photo = /^\/api\/photos\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'PUT' && photo?.[1] !== undefined) {
      return this.putPhoto(user, decodeURIComponent(photo[1]), request);
    }
    if (request.method === 'GET' && photo?.[1] !== undefined) {
      return this.getPhoto(user, decodeURIComponent(photo[1]));
    }
    if (request.method === 'POST' && url.pathname === '/api/sync/push') {
      return this.push(user, await request.json());
    }
    if (request.method === 'GET' && url.pathname === '/api/sync/pull') {
      return this.pull(user, url.searchParams);
    }
    return json(404, { message: 'Tidak ditemukan.' });
  };

  /** An attached photo's bytes, for whoever may see its report (the uploader's own, too). */
  private getPhoto(user: User, id: string): Response {
    const upload = this.uploads.get(id);
    const attached = this.records.get(`report_photos/${id}`);
    const visible =
      upload?.user_id === user.id ||
      (attached !== undefined &&
        attached.row !== null &&
        (attached.owner_id === user.id || user.role === 'admin'));
    if (upload === undefined || !visible) return json(404, { message: 'Foto tidak ditemukan.' });
    return new Response(upload.bytes.slice(), {
      status: 200,
      headers: { 'Content-Type': 'image/jpeg' },
    });
  }

  /** A photo's bytes another user's phone has uploaded. */
  uploadAs(userId: string, id: string, bytes: Uint8Array, sha256: string): void {
    this.uploads.set(id, { sha256, user_id: userId, bytes });
  }

  /**
   * The admin gives the report to `userId`: it and its photos are theirs to pull from now on
   * (the server bumps their change numbers, decision 028).
   */
  assign(reportId: string, userId: string): void {
    const report = this.report(reportId);
    if (report === undefined) throw new Error('no such report');
    const at = new Date().toISOString();
    this.write('reports', reportId, { ...report, assignee_id: userId, updated_at: at }, userId);
    for (const record of [...this.records.values()]) {
      const row = record.row;
      if (record.entity === 'report_photos' && row !== null && 'report_id' in row) {
        if (row.report_id === reportId) this.write('report_photos', record.id, row, userId);
      }
    }
  }

  private async putPhoto(user: User, id: string, request: Request): Promise<Response> {
    if (this.photoStoreDownRetryAfter !== null) {
      return unavailable(
        'photo_store_unavailable',
        'Penyimpanan foto sedang tidak dapat dijangkau. Silakan coba lagi nanti.',
        this.photoStoreDownRetryAfter,
      );
    }
    const fault = this.photoFaults.get(id);
    if (fault === 'no-answer') throw new TypeError('fetch failed');
    if (fault !== undefined) return json(fault, { message: `Foto ditolak (${fault}).` });
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_IMAGE_BYTES) return json(413, { message: 'Terlalu besar.' });
    const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    if (!isJpeg) return json(415, { message: 'Jenis berkas tidak didukung.' });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    if (sha256 !== request.headers.get('x-content-sha256')) {
      return json(422, { message: 'Hash tidak cocok.', errors: { sha256: ['Hash tidak cocok.'] } });
    }
    const existing = this.uploads.get(id);
    if (existing !== undefined && (existing.sha256 !== sha256 || existing.user_id !== user.id)) {
      return json(409, { message: 'ID foto sudah dipakai.' });
    }
    this.uploads.set(id, { sha256, user_id: user.id, bytes });
    const receipt = { id, sha256, mime_type: 'image/jpeg', size_bytes: bytes.byteLength };
    return json(existing === undefined ? 201 : 200, receipt);
  }

  private push(user: User, body: unknown): Response {
    const parsed = pushRequestSchema.safeParse(body);
    if (!parsed.success) return json(422, { message: 'Permintaan tidak valid.' });
    const { client_id, mutations } = parsed.data;
    if (mutations.length > this.maxBatch) return json(413, { message: 'Terlalu besar.' });
    if (mutations.length > this.slowBatch) {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    }
    const fault = this.pushFaults.shift();

    const key = `${user.id}|${client_id}`;
    let lastSeq = this.ledger.get(key) ?? 0;
    const firstSeq = mutations[0]?.seq ?? lastSeq + 1;
    if (firstSeq > lastSeq + 1) {
      return json(409, {
        code: 'seq_gap',
        expected_seq: lastSeq + 1,
        message: `Server menunggu nomor ${lastSeq + 1}.`,
      });
    }
    // One all-or-nothing transaction per batch: an infrastructure failure restores this.
    const before = { records: new Map(this.records), changeSeq: this.changeSeq };
    const results: MutationResult[] = [];
    const judged: FakeSyncServer['judged'] = [];
    try {
      for (const envelope of mutations) {
        const { seq, id } = envelope;
        if (seq <= lastSeq) {
          results.push({ seq, id, status: 'duplicate' });
          continue;
        }
        const check = checkMutation(envelope);
        const refusal = check.ok
          ? this.apply(user, check.mutation, envelope.at)
          : new Refusal(check.code, check.message);
        results.push(
          refusal === null
            ? { seq, id, status: 'applied' }
            : { seq, id, status: 'rejected', code: refusal.code, message: refusal.message },
        );
        judged.push({
          user_id: user.id,
          seq,
          id,
          name: envelope.name,
          status: refusal === null ? 'applied' : 'rejected',
        });
        lastSeq = seq;
        if (fault === 'crash_mid_batch') throw new Error('disk I/O error');
      }
    } catch {
      this.records = before.records;
      this.changeSeq = before.changeSeq;
      return json(500, { message: 'Terjadi kesalahan pada server.' });
    }
    this.ledger.set(key, lastSeq);
    this.judged.push(...judged);
    if (fault === 'lose_response') {
      // Committed above; the answer never reaches the phone.
      throw new TypeError('network connection lost');
    }
    return json(200, { protocol_version: PROTOCOL_VERSION, results, last_seq: lastSeq });
  }

  private pull(user: User, params: URLSearchParams): Response {
    const cursor = params.get('cursor') ?? '';
    const limit = Number(params.get('limit') ?? '500');
    const after = cursor === '' ? 0 : Number(cursor);
    const visible = [...this.records.values()]
      .filter((r) => r.change_seq > after)
      .filter((r) => r.owner_id === null || r.owner_id === user.id || user.role === 'admin')
      .sort((a, b) => a.change_seq - b.change_seq);
    const page = visible.slice(0, limit);
    const last = page.at(-1);
    return json(200, {
      protocol_version: PROTOCOL_VERSION,
      changes: page.map((r) =>
        r.row === null
          ? { entity: r.entity, op: 'delete', id: r.id, change_seq: r.change_seq }
          : { entity: r.entity, op: 'put', id: r.id, change_seq: r.change_seq, row: r.row },
      ),
      cursor: last === undefined ? cursor : String(last.change_seq),
      has_more: visible.length > page.length,
      remaining: visible.length - page.length,
      unread_announcements: 2,
      me: user,
    });
  }

  private write(entity: SyncedEntity, id: string, row: SyncedRow | null, ownerId: string | null) {
    this.changeSeq += 1;
    this.records.set(`${entity}/${id}`, {
      entity,
      id,
      change_seq: this.changeSeq,
      row,
      owner_id: ownerId,
    });
  }

  private report(id: string): EntityRow<'reports'> | undefined {
    const row = this.records.get(`reports/${id}`)?.row;
    return row !== null && row !== undefined && 'reporter_id' in row ? row : undefined;
  }

  /** The handlers the tests need; each checks everything before it writes anything. */
  private apply(user: User, mutation: ParsedMutation, at: string): Refusal | null {
    switch (mutation.name) {
      case 'report.create': {
        const a = mutation.args;
        if (this.records.has(`reports/${a.id}`)) return new Refusal('conflict', 'Sudah ada.');
        const row = reportRow(a, user.id, at);
        this.write('reports', a.id, row, user.id);
        return null;
      }
      case 'report.update':
      case 'report.set_status': {
        const a = mutation.args;
        const current = this.report(a.id);
        if (current === undefined) return new Refusal('not_found', 'Laporan tidak ditemukan.');
        if (current.reporter_id !== user.id && user.role !== 'admin') {
          return new Refusal('forbidden', 'Bukan laporan Anda.');
        }
        if (mutation.name === 'report.set_status') {
          const to = mutation.args.status;
          if (!(STATUS_MOVES[current.status] ?? []).includes(to)) {
            return new Refusal(
              'invalid_transition',
              `Status ${current.status} tidak bisa menjadi ${to}.`,
            );
          }
          this.write(
            'reports',
            a.id,
            { ...current, status: to, updated_at: at },
            current.reporter_id,
          );
          return null;
        }
        const u = mutation.args;
        this.write(
          'reports',
          a.id,
          {
            ...current,
            ...(u.description !== undefined && { description: u.description }),
            ...(u.work_type !== undefined && { work_type: u.work_type }),
            updated_at: at,
          },
          current.reporter_id,
        );
        return null;
      }
      case 'report.delete': {
        if (user.role !== 'admin') return new Refusal('forbidden', 'Hanya admin.');
        const current = this.report(mutation.args.id);
        if (current === undefined) return new Refusal('not_found', 'Laporan tidak ditemukan.');
        this.write('reports', current.id, null, current.reporter_id);
        return null;
      }
      case 'photo.attach': {
        const a = mutation.args;
        const upload = this.uploads.get(a.id);
        if (upload === undefined || upload.sha256 !== a.sha256 || upload.user_id !== user.id) {
          return new Refusal('photo_missing', 'Foto belum terunggah ke server.');
        }
        const report = this.report(a.report_id);
        if (report === undefined) return new Refusal('not_found', 'Laporan tidak ditemukan.');
        const row: EntityRow<'report_photos'> = {
          id: a.id,
          report_id: a.report_id,
          kind: a.kind,
          sha256: a.sha256,
          mime_type: a.mime_type,
          size_bytes: a.size_bytes,
          position: a.position,
          created_at: at,
          updated_at: at,
        };
        this.write('report_photos', a.id, row, report.reporter_id);
        return null;
      }
      default:
        return new Refusal('unknown_mutation', `Tidak didukung di server uji: ${mutation.name}`);
    }
  }
}

/** A passing fault's answer: 503 with the code, and when to come back. */
function unavailable(code: string, message: string, retryAfter: string): Response {
  return new Response(JSON.stringify({ message, code }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

// ---------------------------------------------------------------------------------------------

interface Harness {
  server: FakeSyncServer;
  db: UrsDatabase;
  engine: SyncEngine;
  session: { userId: string | null; token: string | null };
  clock: { now: number };
  alice: { user: User; token: string };
}

const open: UrsDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function setup(
  options: { random?: () => number; pullLimit?: number; keptPhotos?: number } = {},
): Harness {
  const server = new FakeSyncServer();
  const db = openTestDatabase();
  open.push(db);
  const alice = server.addUser('Alice');
  const session: Harness['session'] = { userId: alice.user.id, token: alice.token };
  const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
  const engine = createSyncEngine({
    db,
    baseUrl: 'http://urs.test/',
    getToken: () => session.token,
    getUserId: () => session.userId,
    fetch: server.fetch,
    now: () => clock.now,
    random: options.random ?? (() => 0.5),
    lock: createMemoryLock(),
    ...(options.pullLimit !== undefined && { pullLimit: options.pullLimit }),
    ...(options.keptPhotos !== undefined && { keptPhotos: options.keptPhotos }),
  });
  return { server, db, engine, session, clock, alice };
}

async function createReport(
  h: Harness,
  userId: string,
  description = 'Lampu kelas 7B mati',
  status?: 'completed',
) {
  const args = reportCreate({ description, ...(status !== undefined && { status }) });
  await enqueue(h.db, userId, 'report.create', args, [optimisticReport(args, userId)]);
  return args.id;
}

/** The device's session switches to another user (a sign-in on the same phone). */
function switchUser(h: Harness, userId: string, token: string) {
  h.session.userId = userId;
  h.session.token = token;
}

/** A photo saved on the device (uncompressed), from `jpegBytes(seed)`. */
function savedPhoto(h: Harness, userId: string, seed: number) {
  return savePhoto(h.db, userId, jpegBytes(seed), 'image/jpeg', { compress: null });
}

/** Queues the `photo.attach` of a saved photo to a report. */
function attachPhoto(
  h: Harness,
  userId: string,
  reportId: string,
  photo: Awaited<ReturnType<typeof savedPhoto>>,
  kind: 'before' | 'after' = 'before',
) {
  return enqueue(h.db, userId, 'photo.attach', {
    id: photo.id,
    report_id: reportId,
    kind,
    sha256: photo.sha256,
    mime_type: photo.mime_type,
    size_bytes: photo.size_bytes,
  });
}

/** The device's copy of a report that must be there. */
async function storedReport(h: Harness, id: string) {
  const row = await h.db.reports.get(id);
  if (row === undefined) throw new Error('report missing');
  return row;
}

function pushes(server: FakeSyncServer): number {
  return server.requests.filter((r) => r === 'POST /api/sync/push').length;
}

describe('sync engine', () => {
  it('pushes a queued report, then pulls the server row in place of the optimistic one', async () => {
    const h = setup();
    const id = await createReport(h, h.alice.user.id);

    const outcome = await h.engine.syncOnce();

    expect(outcome).toMatchObject({ status: 'ok', pushed: 1, rejected: 0 });
    // With no photo waiting, one push and the pull: nothing more.
    expect(h.server.requests).toEqual(['POST /api/sync/push', 'GET /api/sync/pull']);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.reports.get(id)).toEqual(h.server.row('reports', id));
    expect(await h.db.shadows.count()).toBe(0);
    const state = await h.db.sync_state.get(h.alice.user.id);
    expect(state).toMatchObject({
      last_error: null,
      last_success_at: '2026-11-23T08:00:00.000Z',
      unread_announcements: 2,
      me: { id: h.alice.user.id, email: 'alice@sekolah.test' },
    });
    expect(state?.cursor).not.toBe('');
  });

  it('retries a push whose answer was lost after the commit; the server says duplicate and the row exists once', async () => {
    const h = setup();
    const id = await createReport(h, h.alice.user.id);
    h.server.pushFaults.push('lose_response');

    const lost = await h.engine.syncOnce();
    expect(lost.status).toBe('failed');
    expect(await pendingCountFor(h.db, h.alice.user.id)).toBe(1);

    const retried = await h.engine.syncOnce({ force: true });
    expect(retried).toMatchObject({ status: 'ok', pushed: 1 });
    expect(pushes(h.server)).toBe(2);
    expect(h.server.judged.filter((j) => j.name === 'report.create')).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.reports.where('id').equals(id).count()).toBe(1);
    expect(await h.db.reports.get(id)).toEqual(h.server.row('reports', id));
  });

  it('keeps the queue when the server rolled a batch back, and pushes all of it on the retry', async () => {
    const h = setup();
    const first = await createReport(h, h.alice.user.id);
    const second = await createReport(h, h.alice.user.id);
    h.server.pushFaults.push('crash_mid_batch');

    expect((await h.engine.syncOnce()).status).toBe('failed');
    expect(h.server.judged).toHaveLength(0);
    expect(h.server.row('reports', first)).toBeUndefined();
    expect(await pendingCountFor(h.db, h.alice.user.id)).toBe(2);

    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok', pushed: 2 });
    expect(h.server.judged.map((j) => j.id)).toHaveLength(2);
    expect(h.server.row('reports', second)).toBeDefined();
  });

  it('pauses on 401 and keeps the queue; after the same user signs in again, resume pushes it', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const id = await createReport(h, userId);
    h.server.revokeAll(userId);

    expect(await h.engine.syncOnce()).toEqual({ status: 'paused', reason: 'unauthorized' });
    expect((await h.db.sync_state.get(userId))?.paused_reason).toBe('unauthorized');
    expect(await pendingCountFor(h.db, userId)).toBe(1);

    const requestsWhilePaused = h.server.requests.length;
    expect(await h.engine.syncOnce({ force: true })).toEqual({
      status: 'paused',
      reason: 'unauthorized',
    });
    expect(h.server.requests).toHaveLength(requestsWhilePaused);

    h.session.token = h.server.signIn(userId);
    expect(await h.engine.resume()).toMatchObject({ status: 'ok', pushed: 1 });
    expect(await pendingCountFor(h.db, userId)).toBe(0);
    expect(h.server.row('reports', id)).toMatchObject({ reporter_id: userId });
    expect((await h.db.sync_state.get(userId))?.paused_reason).toBeNull();
  });

  it('signed in again while a cycle with the old token runs: its 401 does not pause the new session', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    await createReport(h, userId);
    h.server.revokeAll(userId);
    const resumed: Promise<unknown>[] = [];
    h.server.onRequest = (request) => {
      if (request !== 'POST /api/sync/push' || resumed.length > 0) return;
      // The user signs in again while the old token's push is on its way.
      h.session.token = h.server.signIn(userId);
      resumed.push(h.engine.resume());
    };

    await h.engine.syncOnce();
    expect(resumed).toHaveLength(1);
    // The cycle the sign-in asked for runs with the new token, and is what the screen shows.
    expect(await resumed[0]).toMatchObject({ status: 'ok', pushed: 1 });
    expect(h.engine.getState().lastOutcome).toMatchObject({ status: 'ok' });
    // Before, the old cycle's 401 paused the new session: the user had to sign in twice.
    expect((await h.db.sync_state.get(userId))?.paused_reason).toBeNull();
    expect(await pendingCountFor(h.db, userId)).toBe(0);
  });

  it("never pushes or shows the previous user's outbox when another user signs in on the device", async () => {
    const h = setup();
    const alice = h.alice.user.id;
    const alicesReport = await createReport(h, alice, 'Punya Alice');
    // Alice signs out while offline; Bob signs in on the same phone.
    const bob = h.server.addUser('Bob');
    switchUser(h, bob.user.id, bob.token);
    const bobsReport = await createReport(h, bob.user.id, 'Punya Bob');
    // Bob's screens no longer show Alice's optimistic row.
    expect(await h.db.reports.get(alicesReport)).toBeUndefined();

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 1 });
    expect(h.server.judged.map((j) => [j.user_id, j.id])).toEqual([
      [bob.user.id, expect.any(String)],
    ]);
    expect(h.server.row('reports', alicesReport)).toBeUndefined();
    expect(await h.db.reports.get(bobsReport)).toBeDefined();
    expect(await pendingCountFor(h.db, alice)).toBe(1);

    // Alice signs in again: her queue goes out under her own session.
    switchUser(h, alice, h.server.signIn(alice));
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 1 });
    expect(h.server.row('reports', alicesReport)).toMatchObject({ reporter_id: alice });
    expect(await h.db.reports.get(alicesReport)).toMatchObject({ description: 'Punya Alice' });
    // Bob's report is Bob's: Alice may not see it, so it is gone from her tables.
    expect(await h.db.reports.get(bobsReport)).toBeUndefined();
  });

  it('finishes a cycle with the session it started with when the user changes mid-cycle', async () => {
    const h = setup();
    const alice = h.alice.user.id;
    const reportId = await createReport(h, alice);
    const photo = await savedPhoto(h, alice, 5);
    await attachPhoto(h, alice, reportId, photo);
    const bob = h.server.addUser('Bob');
    h.server.onRequest = (request) => {
      if (request.startsWith('PUT /api/photos/')) {
        switchUser(h, bob.user.id, bob.token);
      }
    };

    await h.engine.syncOnce();
    expect(h.server.judged.map((j) => j.user_id)).toEqual([alice, alice]);
  });

  it('pauses instead of mixing data when the token belongs to someone else', async () => {
    const h = setup();
    const bob = h.server.addUser('Bob');
    h.session.token = bob.token;
    expect(await h.engine.syncOnce()).toEqual({ status: 'paused', reason: 'unauthorized' });
    expect(await h.db.users.count()).toBe(0);
  });

  it('lets a pending local change win over a pulled row until the server confirms it', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const id = await createReport(h, userId, 'Versi awal');
    await h.engine.syncOnce();
    const admin = h.server.addUser('Admin', 'admin');

    // Offline edit on the phone, while an admin edits the same report on the server.
    const synced = await storedReport(h, id);
    await enqueue(h.db, userId, 'report.update', { id, description: 'Versi ponsel' }, [
      { entity: 'reports', op: 'put', row: { ...synced, description: 'Versi ponsel' } },
    ]);
    h.server.applyAs(admin.user.id, {
      name: 'report.update',
      args: { id, description: 'Versi admin' },
    });

    const api = createApiClient({
      baseUrl: 'http://urs.test/',
      getToken: () => h.session.token,
      fetch: h.server.fetch,
    });
    await pullChanges(h.db, api, userId);
    expect((await h.db.reports.get(id))?.description).toBe('Versi ponsel');
    expect(await h.db.shadows.get(['reports', id])).toMatchObject({
      row: { description: 'Versi admin' },
    });

    // The next cycle pushes first, so the pull after it brings the server's newer row.
    await h.engine.syncOnce();
    expect(h.server.row('reports', id)).toMatchObject({ description: 'Versi ponsel' });
    expect(await h.db.reports.get(id)).toEqual(h.server.row('reports', id));
    expect(await h.db.shadows.count()).toBe(0);
  });

  it('keeps a rejected mutation visible and never resends it; discarding restores the server row', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const id = await createReport(h, userId);
    await h.engine.syncOnce();
    const synced = await storedReport(h, id);

    await enqueue(h.db, userId, 'report.set_status', { id, status: 'completed' }, [
      { entity: 'reports', op: 'put', row: { ...synced, status: 'completed' } },
    ]);
    const outcome = await h.engine.syncOnce();
    expect(outcome).toMatchObject({ status: 'ok', rejected: 1 });
    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({
      status: 'rejected',
      result: { code: 'invalid_transition', status: 'rejected' },
    });
    expect((await h.db.reports.get(id))?.status).toBe('completed');
    // Told in the user's own inbox (decision 031), opening the report to fix.
    const [notice] = await h.db.notifications.toArray();
    expect(notice).toMatchObject({
      id: rejected?.mutation.id,
      user_id: userId,
      kind: 'sync_refused',
      subject_type: 'outbox',
      subject_id: String(rejected?.id),
      read_at: null,
      params: { path: `/reports/${id}/edit` },
    });
    expect(notice?.params['message']).toEqual(expect.any(String));
    expect(notice?.params['message']).not.toBe('');

    await h.engine.syncOnce();
    expect(h.server.judged.filter((j) => j.name === 'report.set_status')).toHaveLength(1);
    expect(await h.db.notifications.count()).toBe(1);

    if (rejected === undefined) throw new Error('no rejected entry');
    await discardRejected(h.db, userId, rejected.id);
    expect((await h.db.reports.get(id))?.status).toBe('pending');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('resends from expected_seq when the server answers seq_gap', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    await createReport(h, userId);
    await createReport(h, userId);
    await h.engine.syncOnce();
    const clientId = (await h.db.sync_state.get(userId))?.client_id ?? '';
    // The server is restored from a backup taken before those two were applied.
    h.server.forgetLedger(userId, clientId);

    const id = await createReport(h, userId, 'Setelah pemulihan');
    expect((await h.db.outbox.toArray()).map((e) => e.seq)).toEqual([3]);

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 1 });
    expect(h.server.judged.at(-1)).toMatchObject({ seq: 1, status: 'applied' });
    expect(h.server.row('reports', id)).toBeDefined();
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.sync_state.get(userId))?.next_seq).toBe(2);
  });

  it('sends what is ready, then uploads the photo, then pushes the mutation that references it', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const photo = await savedPhoto(h, userId, 1);
    await attachPhoto(h, userId, reportId, photo);
    // The report reaches the server before the photo's upload starts: on a weak uplink that
    // upload can take minutes.
    let judgedWhenUploading: string[] = [];
    h.server.onRequest = (request) => {
      if (request.startsWith('PUT ')) judgedWhenUploading = h.server.judged.map((j) => j.name);
    };

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 2, rejected: 0 });
    expect(h.server.requests).toEqual([
      'POST /api/sync/push',
      `PUT /api/photos/${photo.id}`,
      'POST /api/sync/push',
      'GET /api/sync/pull',
    ]);
    expect(judgedWhenUploading).toEqual(['report.create']);
    expect(h.server.judged.map((j) => j.name)).toEqual(['report.create', 'photo.attach']);
    expect((await h.db.photos.get(photo.id))?.uploaded).toBe(1);
    expect(await h.db.report_photos.get(photo.id)).toMatchObject({
      report_id: reportId,
      sha256: photo.sha256,
    });
  });

  it("frees the bytes of older photos the server has, keeping the newest and a form's", async () => {
    const h = setup({ keptPhotos: 1 });
    const userId = h.alice.user.id;
    // A photo picked in a form not saved yet: uploaded all the same, but on no report.
    const inForm = await savedPhoto(h, userId, 30);
    // Work filed done: an open job of hers would keep its photos (the next test).
    const reportId = await createReport(h, userId, 'Lampu kelas 7B diganti', 'completed');
    const attached = [await savedPhoto(h, userId, 31), await savedPhoto(h, userId, 32)];
    for (const photo of attached) await attachPhoto(h, userId, reportId, photo);
    const newest = await savedPhoto(h, userId, 33);
    await attachPhoto(h, userId, reportId, newest);
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 4 });

    // Before, every photo's bytes stayed on the phone for good: a school year filled it.
    const kept = await h.db.photos.toCollection().primaryKeys();
    expect(kept.sort()).toEqual([inForm.id, newest.id].sort());
    // The server has the freed ones; the report still lists them.
    expect(await h.db.report_photos.where('report_id').equals(reportId).count()).toBe(3);
  });

  it('fetches the photos of a job assigned to me and keeps them while it is open', async () => {
    const h = setup({ keptPhotos: 0 });
    const alice = h.alice.user.id;
    const bob = h.server.addUser('Bob', 'custodian').user;
    // Bob reports a leak with a photo from his phone; the admin gives the job to Alice.
    const report = reportCreate({ description: 'Keran bocor', unassigned: true });
    h.server.applyAs(bob.id, { name: 'report.create', args: report });
    const bytes = jpegBytes(40, 512);
    const sha256 = await sha256Hex(bytes.slice().buffer);
    const attach = photoAttach(report.id, { sha256, size_bytes: bytes.byteLength });
    h.server.uploadAs(bob.id, attach.id, bytes, sha256);
    h.server.applyAs(bob.id, { name: 'photo.attach', args: attach });
    h.server.assign(report.id, alice);

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok' });
    expect(h.server.requests).toEqual(['GET /api/sync/pull', `GET /api/photos/${attach.id}`]);
    const held = await h.db.photos.get(attach.id);
    expect(held).toMatchObject({ user_id: alice, uploaded: 1, sha256 });
    expect(new Uint8Array(held?.bytes ?? new ArrayBuffer(0))).toEqual(bytes);

    // Offline now, and nothing of hers is kept past the newest 0: the job's photo stays.
    h.server.down = true;
    await h.engine.syncOnce({ force: true });
    h.server.down = false;
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok' });
    expect(await h.db.photos.get(attach.id)).toBeDefined();
    expect(h.server.requests.filter((r) => r.startsWith('GET /api/photos/'))).toHaveLength(1);
  });

  it('pushes what each photo lets go between the uploads of a slow backlog', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const first = await createReport(h, userId, 'Laporan pertama');
    const firstPhoto = await savedPhoto(h, userId, 11);
    await attachPhoto(h, userId, first, firstPhoto);
    const second = await createReport(h, userId, 'Laporan kedua');
    const secondPhoto = await savedPhoto(h, userId, 12);
    await attachPhoto(h, userId, second, secondPhoto);
    // Each upload takes longer than PUSH_BETWEEN_PHOTOS_MS on this link.
    h.server.onRequest = (request) => {
      if (request.startsWith('PUT ')) h.clock.now += PUSH_BETWEEN_PHOTOS_MS + 1_000;
    };

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 4, rejected: 0 });
    expect(h.server.requests).toEqual([
      'POST /api/sync/push', // the first report
      `PUT /api/photos/${firstPhoto.id}`,
      'POST /api/sync/push', // its photo, and the second report
      `PUT /api/photos/${secondPhoto.id}`,
      'POST /api/sync/push', // the second photo
      'GET /api/sync/pull',
    ]);
    expect(h.server.judged.map((j) => j.name)).toEqual([
      'report.create',
      'photo.attach',
      'report.create',
      'photo.attach',
    ]);
  });

  it('uploads a quick backlog of photos before one more push, not a push per photo', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const photos = [await savedPhoto(h, userId, 13), await savedPhoto(h, userId, 14)];
    for (const photo of photos) await attachPhoto(h, userId, reportId, photo);

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 3 });
    expect(pushes(h.server)).toBe(2);
  });

  it('re-pulls what the new role may see after a role change, keeping the work not yet sent', async () => {
    const h = setup();
    const alice = h.alice.user.id;
    const bob = h.server.addUser('Bob');
    const bobs = reportCreate({ description: 'Laporan Bob' });
    h.server.applyAs(bob.user.id, { name: 'report.create', args: bobs });
    const own = await createReport(h, alice, 'Laporan Alice');
    await h.engine.syncOnce();
    expect(await h.db.reports.get(bobs.id)).toBeUndefined();

    // Promoted, Alice may see Bob's report, which is behind her cursor.
    h.server.setRole(alice, 'admin');
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok' });
    expect(await h.db.reports.get(bobs.id)).toMatchObject({ description: 'Laporan Bob' });
    expect((await h.db.sync_state.get(alice))?.me).toMatchObject({ role: 'admin' });

    // Demoted while a report of hers waits behind a photo that cannot upload yet: Bob's
    // report goes, hers stays on the device as she saved it.
    const photo = await savedPhoto(h, alice, 21);
    await attachPhoto(h, alice, own, photo);
    const queued = await createReport(h, alice, 'Laporan belum terkirim');
    h.server.photoFaults.set(photo.id, 503);
    h.server.setRole(alice, 'technician');
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'failed' });
    expect(await h.db.reports.get(bobs.id)).toBeUndefined();
    expect(await storedReport(h, queued)).toMatchObject({ description: 'Laporan belum terkirim' });
    expect((await h.db.sync_state.get(alice))?.me).toMatchObject({ role: 'technician' });

    h.server.photoFaults.delete(photo.id);
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok', pushed: 2 });
    expect(await h.db.reports.get(bobs.id)).toBeUndefined();
    expect(h.server.row('reports', queued)).toMatchObject({
      description: 'Laporan belum terkirim',
    });
    expect(await storedReport(h, queued)).toMatchObject({ description: 'Laporan belum terkirim' });
  });

  it('holds back a mutation, and all after it, while its photo fails to upload for now', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const photo = await savedPhoto(h, userId, 2);
    await attachPhoto(h, userId, reportId, photo);
    const later = await createReport(h, userId, 'Laporan berikutnya');
    h.server.photoFaults.set(photo.id, 503);

    const outcome = await h.engine.syncOnce();
    expect(outcome.status).toBe('failed');
    expect(h.server.judged.map((j) => j.name)).toEqual(['report.create']);
    expect(h.server.row('reports', later)).toBeUndefined();
    expect(await pendingCountFor(h.db, userId)).toBe(2);

    h.server.photoFaults.delete(photo.id);
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok', pushed: 2 });
    expect(h.server.judged.map((j) => j.name)).toEqual([
      'report.create',
      'photo.attach',
      'report.create',
    ]);
  });

  it('turns a mutation whose photo the server refuses for good into a local rejection, and the queue moves on', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const good = await savedPhoto(h, userId, 3);
    const bad = await savedPhoto(h, userId, 4);
    await attachPhoto(h, userId, reportId, bad, 'after');
    await attachPhoto(h, userId, reportId, good, 'after');
    const later = await createReport(h, userId, 'Laporan berikutnya');
    h.server.photoFaults.set(bad.id, 415);

    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 3 });
    expect((await h.db.photos.get(good.id))?.uploaded).toBe(1);
    expect(await h.db.photos.get(bad.id)).toMatchObject({
      uploaded: 0,
      upload_error: { status: 415 },
    });
    expect(h.server.judged.map((j) => [j.seq, j.name])).toEqual([
      [1, 'report.create'],
      [2, 'photo.attach'],
      [3, 'report.create'],
    ]);
    expect(h.server.row('reports', later)).toBeDefined();
    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({
      status: 'rejected',
      entity_id: bad.id,
      result: { code: 'photo_missing' },
    });
    // The refused photo is not retried on every cycle.
    const puts = h.server.requests.filter((r) => r === `PUT /api/photos/${bad.id}`).length;
    await h.engine.syncOnce();
    expect(h.server.requests.filter((r) => r === `PUT /api/photos/${bad.id}`)).toHaveLength(puts);
  });

  it('tries a refused photo again when the user sends its refused entry again', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const photo = await savedPhoto(h, userId, 5);
    await attachPhoto(h, userId, reportId, photo);
    // A proxy in front of the server refuses the body (its own size limit, say).
    h.server.photoFaults.set(photo.id, 413);
    await h.engine.syncOnce();
    const [refused] = await h.db.outbox.toArray();
    expect(refused).toMatchObject({ status: 'rejected', result: { code: 'photo_missing' } });

    // The limit is raised; the user sends the photo again from the refused list.
    h.server.photoFaults.delete(photo.id);
    if (refused === undefined) throw new Error('no refused entry');
    await retryRejected(h.db, userId, refused.id);
    expect((await h.db.photos.get(photo.id))?.upload_error).toBeNull();
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok', pushed: 1 });
    expect((await h.db.photos.get(photo.id))?.uploaded).toBe(1);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.report_photos.get(photo.id)).toMatchObject({ report_id: reportId });
  });

  it("lets a new request's image upload even though an older copy of it was refused", async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const old = await savedPhoto(h, userId, 6);
    await h.db.photos.update(old.id, { upload_error: { status: 403, message: 'Ditolak proksi.' } });
    const fresh = await savedPhoto(h, userId, 6);
    expect(fresh.sha256).toBe(old.sha256);
    const entry = await enqueue(h.db, userId, 'request.create', {
      id: newId(),
      type: 'custom',
      custom_name: 'Sapu lidi',
      image_sha256: fresh.sha256,
      quantity: 2,
    });
    expect(entry.photo_ids).toEqual([fresh.id]);
    // The older copy stays as it was: nothing queued needs it.
    expect((await h.db.photos.get(old.id))?.upload_error).toMatchObject({ status: 403 });

    // Both copies refused: a new request tries the newest again, and only that one.
    await h.db.photos.update(fresh.id, { upload_error: { status: 403, message: 'Lagi.' } });
    const again = await enqueue(h.db, userId, 'request.create', {
      id: newId(),
      type: 'custom',
      custom_name: 'Sapu lidi',
      image_sha256: fresh.sha256,
      quantity: 1,
    });
    expect(again.photo_ids).toEqual([fresh.id]);
    expect((await h.db.photos.get(fresh.id))?.upload_error).toBeNull();
    expect((await h.db.photos.get(old.id))?.upload_error).toMatchObject({ status: 403 });
  });

  it('splits the queue into batches of at most MAX_PUSH_MUTATIONS and halves a batch answered 413', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    for (let i = 0; i < MAX_PUSH_MUTATIONS + 10; i += 1)
      await createReport(h, userId, `Laporan ${i}`);
    h.server.maxBatch = 120;

    expect(await h.engine.syncOnce()).toMatchObject({
      status: 'ok',
      pushed: MAX_PUSH_MUTATIONS + 10,
    });
    // 200 -> 413, 100 applied, 100 applied, 10 applied
    expect(pushes(h.server)).toBe(4);
    expect(h.server.judged.map((j) => j.seq)).toEqual(
      Array.from({ length: MAX_PUSH_MUTATIONS + 10 }, (_, i) => i + 1),
    );
  });

  it('halves a batch that timed out on a slow uplink, a cycle at a time, so the queue still goes', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    for (let i = 0; i < MAX_PUSH_MUTATIONS; i += 1) await createReport(h, userId, `Laporan ${i}`);
    h.server.slowBatch = 60;

    // One wait per cycle, as on a link that is down; each cycle tries half the last batch.
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'failed' });
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'failed' });
    expect(pushes(h.server)).toBe(2);
    // Before, the same 200 were sent again on every cycle and never arrived.
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({
      status: 'ok',
      pushed: MAX_PUSH_MUTATIONS,
    });
    // 200 and 100 timed out; four batches of 50 go.
    expect(pushes(h.server)).toBe(6);
    expect(await pendingCountFor(h.db, userId)).toBe(0);
    // The queue empty, the next backlog starts whole again.
    for (let i = 0; i < 70; i += 1) await createReport(h, userId, `Lagi ${i}`);
    h.server.slowBatch = Infinity;
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok', pushed: 70 });
    expect(pushes(h.server)).toBe(7);
  });

  it('pulls page after page until has_more is false, applying tombstones', async () => {
    const h = setup({ pullLimit: 2 });
    const admin = h.server.addUser('Admin', 'admin');
    const ids = [newId(), newId(), newId()];
    for (const id of ids) {
      h.server.applyAs(h.alice.user.id, { name: 'report.create', args: { ...reportCreate(), id } });
    }
    await h.engine.syncOnce();
    expect(await h.db.reports.count()).toBe(3);

    h.server.applyAs(admin.user.id, { name: 'report.delete', args: { id: ids[1] ?? '' } });
    await h.engine.syncOnce();
    expect((await h.db.reports.toArray()).map((r) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(h.server.requests.filter((r) => r === 'GET /api/sync/pull').length).toBeGreaterThan(3);
  });

  it('announces rows so far of the server total during a long pull, and nothing for a short one', async () => {
    const h = setup({ pullLimit: 2 });
    for (let i = 0; i < 4; i++) {
      h.server.applyAs(h.alice.user.id, { name: 'report.create', args: reportCreate() });
    }
    const seen: (string | null)[] = [];
    const stop = h.engine.subscribe(() => {
      const progress = h.engine.getState().pullProgress;
      const shown = progress === null ? null : `${progress.applied}/${progress.total}`;
      // Every state change notifies; only what a badge would newly show is recorded.
      if (shown !== seen.at(-1)) seen.push(shown);
    });
    await h.engine.syncOnce();
    // Alice's user row and her four reports: three pages of two.
    expect(seen.filter((s) => s !== null)).toEqual(['2/5', '4/5', '5/5']);
    expect(h.engine.getState().pullProgress).toBeNull();

    seen.length = 0;
    h.server.applyAs(h.alice.user.id, { name: 'report.create', args: reportCreate() });
    await h.engine.syncOnce();
    expect(seen.filter((s) => s !== null)).toEqual([]);
    stop();
  });

  it('stores the pull cursor only together with its page', async () => {
    const h = setup({ pullLimit: 2 });
    const userId = h.alice.user.id;
    const ids = [newId(), newId(), newId()];
    for (const id of ids) {
      h.server.applyAs(userId, { name: 'report.create', args: { ...reportCreate(), id } });
    }
    // Server changes in order: users/alice (1), reports (2, 3, 4). Pages: [1, 2], [3, 4].
    // Fail while writing the second row of the second page.
    let failing = true;
    h.db.reports.hook('creating', (_key, row) => {
      if (failing && row.id === ids[2]) throw new Error('disk error mid-page');
    });

    const outcome = await h.engine.syncOnce();
    expect(outcome.status).toBe('failed');
    const afterFailure = await h.db.sync_state.get(userId);
    expect(afterFailure?.cursor).toBe('2');
    // The first page is in; nothing of the failed page is, not even its first row.
    expect(await h.db.reports.get(ids[0] ?? '')).toBeDefined();
    expect(await h.db.reports.get(ids[1] ?? '')).toBeUndefined();
    expect(await h.db.reports.get(ids[2] ?? '')).toBeUndefined();

    failing = false;
    expect((await h.engine.syncOnce({ force: true })).status).toBe('ok');
    expect(await h.db.reports.count()).toBe(3);
    expect((await h.db.sync_state.get(userId))?.cursor).toBe('4');
  });

  it('backs off with growing, jittered delays and waits them out unless forced', async () => {
    const randoms = [0, 1, 0.5, 0.25];
    const h = setup({ random: () => randoms.shift() ?? 0 });
    h.server.down = true;
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const outcome = await h.engine.syncOnce({ force: true });
      if (outcome.status !== 'failed') throw new Error(`expected failure, got ${outcome.status}`);
      delays.push(outcome.retryAt - h.clock.now);
    }
    // ceilings 2 s, 4 s, 8 s, 16 s; half fixed, half jitter
    expect(delays).toEqual([1_000, 4_000, 6_000, 10_000]);
    expect((await h.db.sync_state.get(h.alice.user.id))?.last_error).toMatch(/terhubung/);

    const requests = h.server.requests.length;
    h.clock.now += 9_999;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'backoff' });
    expect(h.server.requests).toHaveLength(requests);

    h.server.down = false;
    h.clock.now += 1;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok' });
    expect(h.engine.getState()).toMatchObject({ consecutiveFailures: 0, nextAttemptAt: null });
  });

  it("waits at least the server's Retry-After on a 503, and keeps the outbox for the retry", async () => {
    const h = setup({ random: () => 0 });
    await createReport(h, h.alice.user.id, 'Lampu koridor mati');
    h.server.databaseDownRetryAfter = '5';
    const outcome = await h.engine.syncOnce({ force: true });
    if (outcome.status !== 'failed') throw new Error(`expected failure, got ${outcome.status}`);
    // The backoff alone would retry after 1 s; the server asked for 5.
    expect(outcome.retryAt - h.clock.now).toBe(5_000);
    expect(outcome.error).toMatch(/Basis data server/);
    h.server.databaseDownRetryAfter = null;
    h.clock.now += 4_999;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'backoff' });
    h.clock.now += 1;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 1 });

    // An HTTP date works too, and a wait past the longest backoff is cut to it.
    await createReport(h, h.alice.user.id, 'Keran bocor');
    // The API client reads a date against the real clock (the engine's is a test's).
    h.server.databaseDownRetryAfter = new Date(Date.now() + 3_600_000).toUTCString();
    const far = await h.engine.syncOnce({ force: true });
    if (far.status !== 'failed') throw new Error(`expected failure, got ${far.status}`);
    expect(far.retryAt - h.clock.now).toBe(DEFAULT_BACKOFF.capMs);
  });

  it('keeps a photo queued while the photo store is away, pushes the rest, and waits out its Retry-After', async () => {
    const h = setup({ random: () => 0 });
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId, 'Pintu kelas rusak');
    const photo = await savedPhoto(h, userId, 31);
    await attachPhoto(h, userId, reportId, photo);
    const later = await createReport(h, userId, 'Lampu koridor mati');
    h.server.photoStoreDownRetryAfter = '30';

    const outcome = await h.engine.syncOnce({ force: true });
    if (outcome.status !== 'failed') throw new Error(`expected failure, got ${outcome.status}`);
    // A passing fault: the backoff alone would retry after 1 s; the server asked for 30.
    expect(outcome.retryAt - h.clock.now).toBe(30_000);
    expect(outcome.error).toMatch(/Penyimpanan foto/);
    // The photo stays queued, not refused; what came before it went, what waits on it stays.
    expect(await h.db.photos.get(photo.id)).toMatchObject({ uploaded: 0, upload_error: null });
    expect(h.server.row('reports', reportId)).toMatchObject({ description: 'Pintu kelas rusak' });
    expect(h.server.row('reports', later)).toBeUndefined();
    expect(await pendingCountFor(h.db, userId)).toBe(2);

    h.server.photoStoreDownRetryAfter = null;
    h.clock.now += 29_999;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'backoff' });
    h.clock.now += 1;
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok', pushed: 2 });
    expect(await h.db.photos.get(photo.id)).toMatchObject({ uploaded: 1 });
    expect(h.server.row('reports', later)).toMatchObject({ description: 'Lampu koridor mati' });
    expect(await pendingCountFor(h.db, userId)).toBe(0);
  });

  it('spreads the phones that hear one Retry-After over up to half of it again', async () => {
    const waits: number[] = [];
    for (const draw of [0, 0.5, 0.999]) {
      const h = setup({ random: () => draw });
      await createReport(h, h.alice.user.id, 'Lampu koridor mati');
      h.server.databaseDownRetryAfter = '10';
      const outcome = await h.engine.syncOnce({ force: true });
      if (outcome.status !== 'failed') throw new Error(`expected failure, got ${outcome.status}`);
      waits.push(outcome.retryAt - h.clock.now);
    }
    // Never sooner than asked, never in lockstep, never past half again.
    expect(waits).toEqual([10_000, 12_500, 14_995]);
  });

  it('does not wait out a backoff set by a clock that ran fast and was then set right', async () => {
    const h = setup({ random: () => 0.5 });
    h.server.down = true;
    // The phone's clock a day fast when the cycle fails; network time then corrects it.
    h.clock.now += 86_400_000;
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'failed' });
    h.clock.now -= 86_400_000;
    h.server.down = false;
    // Before, every trigger but "Sync now" heard 'backoff' for the whole day.
    expect(await h.engine.syncOnce()).toMatchObject({ status: 'ok' });
  });

  it('tells the device the server is unreachable after a cycle with no answer, until one answers', async () => {
    const h = setup();
    expect(serverUnreachable()).toBe(false);
    // A network is up (navigator.onLine), but nothing comes back: a Wi-Fi with no way out.
    h.server.down = true;
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'failed' });
    expect(serverUnreachable()).toBe(true);
    h.server.down = false;
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'ok' });
    expect(serverUnreachable()).toBe(false);
  });

  it('does not call the server unreachable when only a photo upload got no answer', async () => {
    const h = setup();
    const userId = h.alice.user.id;
    const reportId = await createReport(h, userId);
    const photo = await savedPhoto(h, userId, 9);
    await attachPhoto(h, userId, reportId, photo);
    // The upload times out on a slow link; the push and the pull are answered.
    h.server.photoFaults.set(photo.id, 'no-answer');
    expect(await h.engine.syncOnce({ force: true })).toMatchObject({ status: 'failed' });
    expect(h.server.judged.map((j) => j.name)).toEqual(['report.create']);
    expect(serverUnreachable()).toBe(false);
  });

  it('folds calls made during a running sync into one more cycle', async () => {
    const h = setup();
    await createReport(h, h.alice.user.id);
    const first = h.engine.syncOnce();
    await createReport(h, h.alice.user.id);
    const second = h.engine.syncOnce();
    expect(second).toBe(first);
    await first;
    expect(await pendingCountFor(h.db, h.alice.user.id)).toBe(0);
    expect(h.engine.getState().syncing).toBe(false);
  });

  it('does nothing while signed out', async () => {
    const h = setup();
    h.session.token = null;
    expect(await h.engine.syncOnce()).toEqual({ status: 'signed_out' });
    expect(h.server.requests).toHaveLength(0);
  });
});
