import { createHash } from 'node:crypto';
import {
  addDays,
  dayNumber,
  isoWeekday,
  MAX_PUSH_MUTATIONS,
  newId,
  PROTOCOL_VERSION,
  type PushResponse,
  type RoundTemplate,
  schoolDay,
  WORK_TYPES,
} from '@urs/sync-protocol';
import type { Dispatcher } from 'undici';
import type { FaultClock } from './faults.js';
import { CycleFailed, timedRequest, type Call } from './request.js';
import type { LoadStats } from './stats.js';

/** The mutations a device files, and the table each one's row lands in (for the closing check). */
export const MUTATION_TABLES = {
  'report.create': 'reports',
  'photo.attach': 'report_photos',
  'stock.record': 'stock_transactions',
  'comment.create': 'report_events',
  'round.complete': 'round_completions',
} as const;
export type LoadMutation = keyof typeof MUTATION_TABLES;

interface Envelope {
  id: string;
  seq: number;
  name: LoadMutation;
  args: { id: string } & Record<string, unknown>;
  at: string;
}

/** An outbox entry: the envelope, and the photo it waits for (photo.attach), as web/src/sync. */
interface Entry {
  envelope: Envelope;
  photo?: Photo;
}

interface Photo {
  id: string;
  bytes: Uint8Array;
  sha256: string;
  uploaded: boolean;
}

export interface StaffAccount {
  email: string;
  password: string;
  areaId: string;
  itemId: string;
}

/** What the closing line is computed from: every mutation the server acknowledged, by kind. */
export type Acknowledged = Map<LoadMutation, Set<string>>;

const PULL_LIMIT = 500;
/** The school's offset (WIB), as the seed's rounds and SCHOOL_UTC_OFFSET's default. */
const SCHOOL_OFFSET_MINUTES = 420;
/** web/src/sync/backoff.ts DEFAULT_BACKOFF: 2 s doubling to 5 min, equal jitter. */
const BACKOFF = { baseMs: 2_000, capMs: 5 * 60_000 };

export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The outcome of one sync cycle: when the device may come back after a failure. */
export type CycleResult = { ok: true } | { ok: false; waitMs: number };

/** A round a custodian may complete: every item answerable without a photo. */
interface DoableRound {
  id: string;
  version: number;
  items: { id: string; kind: string }[];
  weekdays: readonly number[];
}

/**
 * One simulated phone, as web/src/sync does it: signs in once, then on every cycle asks for
 * the unread count, pushes what is ready in its outbox (a photo.attach waits until its photo is
 * uploaded), uploads pending photos (PUT /api/photos/:id, sha256 header), pushes what they let
 * go and pulls until it has caught up. Entries stay until the server answers them and are sent
 * again with the same id and seq after any failure, which is what makes a retry safe; a failed
 * cycle is retried after the client's backoff, never sooner than a Retry-After asked.
 *
 * For the convergence check it keeps what it pulled after its first sync (entity and id to the
 * last change's op and seq) and the ids of its own acknowledged mutations.
 */
export class SimulatedDevice {
  private readonly clientId = newId();
  private seq = 0;
  private token = '';
  private cursor = '';
  private outbox: Entry[] = [];
  private readonly ownReports: { id: string; after: boolean }[] = [];
  private readonly rounds = new Map<string, DoableRound>();
  private firstSync = true;
  private failures = 0;
  /** Not before this (ms): the backoff after a failed cycle, kept from one stage to the next. */
  nextAt = 0;
  /** The cursor its first sync ended at; what it pulled since, by `entity:id`. */
  private baseline = '';
  readonly pulled = new Map<string, string>();
  readonly pulledIds = new Set<string>();
  readonly ownAcknowledged = new Set<string>();

  constructor(
    private readonly http: Dispatcher,
    private readonly account: StaffAccount,
    private readonly acknowledged: Acknowledged,
    private readonly random: () => number,
    private readonly photos: readonly Uint8Array[],
    private readonly faults: FaultClock,
  ) {}

  get pending(): number {
    return this.outbox.length;
  }

  async signIn(stats: LoadStats): Promise<boolean> {
    const { email, password } = this.account;
    try {
      const answer = await this.send(stats, 'POST /api/login', 'POST', '/api/login', {
        email,
        password,
      });
      this.token = (answer as { access_token: string }).access_token;
      return true;
    } catch {
      return false;
    }
  }

  /** One cycle, with `newWork` fresh mutations queued first. */
  async poll(stats: LoadStats, newWork: number): Promise<CycleResult> {
    for (let i = 0; i < newWork; i++) this.queue();
    try {
      await this.send(stats, 'GET unread-count', 'GET', '/api/announcements/unread-count');
      await this.pushReady(stats);
      // Photo trouble does not stop the rest (web/src/sync/engine.ts): the uploads stop at the
      // first failure, what is ready is pushed and the pull made, then the cycle counts as
      // failed and backs off.
      let photoTrouble: CycleFailed | undefined;
      for (const entry of this.outbox) {
        const photo = entry.photo;
        if (photo === undefined || photo.uploaded) continue;
        try {
          await this.upload(stats, photo);
        } catch (err) {
          if (!(err instanceof CycleFailed)) throw err;
          photoTrouble = err;
          break;
        }
      }
      await this.pushReady(stats);
      await this.pull(stats);
      if (photoTrouble !== undefined) throw photoTrouble;
      this.failures = 0;
      return { ok: true };
    } catch (err) {
      if (!(err instanceof CycleFailed)) throw err;
      this.failures += 1;
      const asked = err.retryAfterMs;
      const askedWait =
        asked > 0 ? Math.min(asked + Math.round((asked / 2) * this.random()), BACKOFF.capMs) : 0;
      return { ok: false, waitMs: Math.max(backoffDelay(this.failures, this.random), askedWait) };
    }
  }

  /** One cycle with nothing new; true once the outbox is empty and the pull answered. */
  async drain(stats: LoadStats): Promise<boolean> {
    return (await this.poll(stats, 0)).ok && this.outbox.length === 0;
  }

  /**
   * Whether this device holds what the server holds for it: every mutation it had acknowledged
   * came back in its pulls, and what it pulled since its first sync equals a fresh pull from
   * the same cursor now (entity, id, op and change_seq of each row's last change).
   */
  async converged(stats: LoadStats): Promise<string | null> {
    const missing = [...this.ownAcknowledged].filter((id) => !this.pulledIds.has(id));
    if (missing.length > 0) return `${missing.length} acknowledged mutations never pulled`;
    const fresh = new Map<string, string>();
    let cursor = this.baseline;
    for (;;) {
      const path = `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${PULL_LIMIT}`;
      const page = (await this.send(stats, 'GET /api/sync/pull (check)', 'GET', path)) as PullPage;
      for (const change of page.changes) fresh.set(`${change.entity}:${change.id}`, stamp(change));
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    const differs = [...fresh].filter(([key, value]) => this.pulled.get(key) !== value).length;
    const extra = [...this.pulled.keys()].filter((key) => !fresh.has(key)).length;
    const sample = [...fresh]
      .filter(([key, value]) => this.pulled.get(key) !== value)
      .slice(0, 4)
      .map(([key, value]) => `${key} ${String(this.pulled.get(key))}/${value}`)
      .join(' ');
    return differs + extra === 0 ? null : `${differs} rows differ, ${extra} rows extra (${sample})`;
  }

  private async pull(stats: LoadStats): Promise<void> {
    for (let page = 0; page < 20; page++) {
      const path = `/api/sync/pull?cursor=${encodeURIComponent(this.cursor)}&limit=${PULL_LIMIT}`;
      // A device's first sync (the school's history) is its own row: not the steady state.
      const endpoint = this.firstSync ? 'GET /api/sync/pull (first sync)' : 'GET /api/sync/pull';
      const answer = (await this.send(stats, endpoint, 'GET', path)) as PullPage;
      for (const change of answer.changes) this.apply(change);
      this.cursor = answer.cursor;
      if (!answer.has_more) {
        if (this.firstSync) this.baseline = this.cursor;
        this.firstSync = false;
        return;
      }
    }
  }

  private apply(change: PullChange): void {
    if (!this.firstSync) {
      this.pulled.set(`${change.entity}:${change.id}`, stamp(change));
      this.pulledIds.add(change.id);
    }
    if (change.entity !== 'round_templates') return;
    const t = change.row as RoundTemplate | undefined;
    const weekdays =
      t?.schedule.kind === 'daily'
        ? [1, 2, 3, 4, 5, 6, 7]
        : t?.schedule.kind === 'weekdays'
          ? t.schedule.weekdays
          : [];
    if (
      change.op === 'delete' ||
      t === undefined ||
      t.assignee_user_id !== null ||
      t.assignee_role !== 'custodian' ||
      t.paused ||
      weekdays.length === 0 ||
      t.items.some((item) => item.photo !== 'none')
    ) {
      this.rounds.delete(change.id);
      return;
    }
    this.rounds.set(t.id, { id: t.id, version: t.version, items: t.items, weekdays });
  }

  /** Pushes the outbox up to its first entry whose photo is not uploaded yet. */
  private async pushReady(stats: LoadStats): Promise<void> {
    const blocked = this.outbox.findIndex((e) => e.photo !== undefined && !e.photo.uploaded);
    const ready = this.outbox.slice(0, blocked === -1 ? undefined : blocked);
    const batch = ready.slice(0, MAX_PUSH_MUTATIONS).map((e) => e.envelope);
    if (batch.length === 0) return;
    const body = { protocol_version: PROTOCOL_VERSION, client_id: this.clientId, mutations: batch };
    const answer = (await this.send(
      stats,
      'POST /api/sync/push',
      'POST',
      '/api/sync/push',
      body,
    )) as PushResponse;
    const byId = new Map(batch.map((m) => [m.id, m]));
    for (const result of answer.results) {
      const sent = byId.get(result.id);
      if (sent === undefined) continue;
      if (result.status === 'rejected') stats.fail(`rejected ${sent.name} ${result.code}`);
      else {
        this.acknowledged.get(sent.name)?.add(sent.args.id);
        this.ownAcknowledged.add(sent.args.id);
      }
    }
    const answered = new Set(answer.results.map((r) => r.id));
    this.outbox = this.outbox.filter((e) => !answered.has(e.envelope.id));
  }

  private async upload(stats: LoadStats, photo: Photo): Promise<void> {
    await this.send(stats, 'PUT /api/photos/:id', 'PUT', `/api/photos/${photo.id}`, photo.bytes, {
      'content-type': 'image/jpeg',
      'x-content-sha256': photo.sha256,
    });
    photo.uploaded = true;
  }

  /**
   * A realistic mix: a report with its before photo (4 in 10), an after photo on one of its own
   * reports, stock usage, a comment, a round completion of today's (or the last due) occurrence.
   */
  private queue(): void {
    const roll = this.random();
    const at = new Date().toISOString();
    const id = newId();
    const reports = this.ownReports;
    const open = reports.filter((r) => !r.after);
    const commented = reports[Math.floor(this.random() * reports.length)];
    const finished = open[Math.floor(this.random() * open.length)];
    const round = [...this.rounds.values()][Math.floor(this.random() * this.rounds.size)];
    if (roll < 0.15 && commented !== undefined) {
      this.add('comment.create', {
        id,
        report_id: commented.id,
        body: 'Sudah dicek, menunggu suku cadang.',
        at,
      });
    } else if (roll < 0.35) {
      this.add('stock.record', {
        id,
        item_id: this.account.itemId,
        type: 'out',
        quantity: 1,
        area_id: this.account.areaId,
        occurred_at: at,
      });
    } else if (roll < 0.45 && round !== undefined) {
      this.add('round.complete', {
        id,
        template_id: round.id,
        template_version: round.version,
        occurrence_date: lastDue(round.weekdays),
        completed_at: at,
        answers: round.items.map((item) => ({ item_id: item.id, value: answerFor(item.kind) })),
      });
    } else if (roll < 0.6 && finished !== undefined) {
      finished.after = true;
      this.attach(finished.id, 'after');
    } else {
      reports.push({ id, after: false });
      this.add('report.create', {
        id,
        area_id: this.account.areaId,
        work_type: WORK_TYPES[Math.floor(this.random() * WORK_TYPES.length)] ?? 'cleaning',
        description: `Lampu koridor lantai ${1 + Math.floor(this.random() * 3)} mati`,
        reported_at: at,
      });
      this.attach(id, 'before');
    }
  }

  private attach(reportId: string, kind: 'before' | 'after'): void {
    const bytes = this.photos[Math.floor(this.random() * this.photos.length)] ?? new Uint8Array();
    const photo: Photo = {
      id: newId(),
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      uploaded: false,
    };
    this.add(
      'photo.attach',
      {
        id: photo.id,
        report_id: reportId,
        kind,
        sha256: photo.sha256,
        mime_type: 'image/jpeg',
        size_bytes: bytes.byteLength,
      },
      photo,
    );
  }

  private add(name: LoadMutation, args: Envelope['args'], photo?: Photo): void {
    this.seq += 1;
    const envelope = { name, args, id: newId(), seq: this.seq, at: new Date().toISOString() };
    this.outbox.push(photo === undefined ? { envelope } : { envelope, photo });
  }

  private async send(
    stats: LoadStats,
    endpoint: string,
    method: Call['method'],
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<unknown> {
    const text = await timedRequest(this.http, this.faults, stats, {
      endpoint,
      method,
      path,
      token: this.token,
      body,
      ...(headers && { headers }),
    });
    return JSON.parse(text) as unknown;
  }
}

interface PullChange {
  entity: string;
  op: 'put' | 'delete';
  id: string;
  change_seq: number;
  row?: unknown;
}
interface PullPage {
  changes: PullChange[];
  cursor: string;
  has_more: boolean;
}

const stamp = (change: PullChange) => `${change.op}@${change.change_seq}`;

/** Today in the school (WIB), or the last day before it the round was due on. */
function lastDue(weekdays: readonly number[]): string {
  const today = schoolDay(Date.now(), SCHOOL_OFFSET_MINUTES);
  for (let back = 0; back < 7; back++) {
    const day = addDays(today, -back);
    if (weekdays.includes(isoWeekday(dayNumber(day)))) return day;
  }
  return today;
}

function answerFor(kind: string): string | number {
  if (kind === 'number') return 9.2;
  if (kind === 'text') return 'Beres';
  return 'pass';
}
