import { newId, PROTOCOL_VERSION, type PushResponse, WORK_TYPES } from '@urs/sync-protocol';
import type { Dispatcher } from 'undici';
import type { LoadStats } from './stats.js';

/** The mutations a device files, and the table each one's row lands in (for the closing check). */
export const MUTATION_TABLES = {
  'report.create': 'reports',
  'stock.record': 'stock_transactions',
  'comment.create': 'report_events',
} as const;
export type LoadMutation = keyof typeof MUTATION_TABLES;

interface Envelope {
  id: string;
  seq: number;
  name: LoadMutation;
  args: { id: string } & Record<string, unknown>;
  at: string;
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

/**
 * One simulated phone, as web/src/sync does it: signs in once, then on every poll asks for
 * the unread count, pushes its outbox (entries stay until the server answers them, and are
 * sent again with the same seq after any failure, which is what makes a retry safe) and pulls
 * until it has caught up. Photos are not sent yet (a later step of issue 43).
 */
export class SimulatedDevice {
  private readonly clientId = newId();
  private seq = 0;
  private token = '';
  private cursor = '';
  private outbox: Envelope[] = [];
  private readonly ownReports: string[] = [];
  private firstSync = true;

  constructor(
    private readonly http: Dispatcher,
    private readonly account: StaffAccount,
    private readonly acknowledged: Acknowledged,
    private readonly random: () => number,
  ) {}

  get pending(): number {
    return this.outbox.length;
  }

  async signIn(stats: LoadStats): Promise<boolean> {
    const { email, password } = this.account;
    const answer = await this.send(stats, 'POST /api/login', 'POST', '/api/login', {
      email,
      password,
    });
    const token = (answer as { access_token?: string } | undefined)?.access_token;
    if (token === undefined) return false;
    this.token = token;
    return true;
  }

  /** One poll: unread count, push (with `newWork` fresh mutations queued first), pull. */
  async poll(stats: LoadStats, newWork: number): Promise<void> {
    await this.send(stats, 'GET unread-count', 'GET', '/api/announcements/unread-count');
    for (let i = 0; i < newWork; i++) this.queue();
    await this.push(stats);
    for (let page = 0; page < 20; page++) {
      const path = `/api/sync/pull?cursor=${encodeURIComponent(this.cursor)}&limit=${PULL_LIMIT}`;
      // A device's first sync (the school's history) is its own row: not the steady state.
      const endpoint = this.firstSync ? 'GET /api/sync/pull (first sync)' : 'GET /api/sync/pull';
      const answer = (await this.send(stats, endpoint, 'GET', path)) as
        { cursor: string; has_more: boolean } | undefined;
      if (answer === undefined) return;
      this.cursor = answer.cursor;
      if (!answer.has_more) {
        this.firstSync = false;
        return;
      }
    }
  }

  /** Sends what is queued; true once the outbox is empty. */
  async push(stats: LoadStats): Promise<boolean> {
    if (this.outbox.length === 0) return true;
    const body = {
      protocol_version: PROTOCOL_VERSION,
      client_id: this.clientId,
      mutations: this.outbox,
    };
    const answer = (await this.send(
      stats,
      'POST /api/sync/push',
      'POST',
      '/api/sync/push',
      body,
    )) as PushResponse | undefined;
    if (answer === undefined) return false;
    const byId = new Map(this.outbox.map((m) => [m.id, m]));
    for (const result of answer.results) {
      const sent = byId.get(result.id);
      if (sent === undefined) continue;
      if (result.status === 'rejected') stats.fail(`rejected ${sent.name} ${result.code}`);
      else this.acknowledged.get(sent.name)?.add(sent.args.id);
    }
    const answered = new Set(answer.results.map((r) => r.id));
    this.outbox = this.outbox.filter((m) => !answered.has(m.id));
    return this.outbox.length === 0;
  }

  /** A realistic mix: half reports, a quarter stock usage, a quarter comments on own reports. */
  private queue(): void {
    const roll = this.random();
    const at = new Date().toISOString();
    const id = newId();
    const lastReport = this.ownReports[Math.floor(this.random() * this.ownReports.length)];
    let envelope: Pick<Envelope, 'name' | 'args'>;
    if (roll < 0.25 && lastReport !== undefined) {
      envelope = {
        name: 'comment.create',
        args: { id, report_id: lastReport, body: 'Sudah dicek, menunggu suku cadang.', at },
      };
    } else if (roll < 0.5) {
      envelope = {
        name: 'stock.record',
        args: {
          id,
          item_id: this.account.itemId,
          type: 'out',
          quantity: 1,
          area_id: this.account.areaId,
          occurred_at: at,
        },
      };
    } else {
      this.ownReports.push(id);
      envelope = {
        name: 'report.create',
        args: {
          id,
          area_id: this.account.areaId,
          work_type: WORK_TYPES[Math.floor(this.random() * WORK_TYPES.length)] ?? 'cleaning',
          description: `Lampu koridor lantai ${1 + Math.floor(this.random() * 3)} mati`,
          reported_at: at,
        },
      };
    }
    this.seq += 1;
    this.outbox.push({ ...envelope, id: newId(), seq: this.seq, at });
  }

  /** One request, timed; a failure is counted by kind and answers undefined. */
  private async send(
    stats: LoadStats,
    endpoint: string,
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
  ): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (this.token !== '') headers['authorization'] = `Bearer ${this.token}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const res = await this.http.request({
        origin: 'http://127.0.0.1',
        path,
        method,
        headers,
        body: json === undefined ? null : JSON.stringify(json),
      });
      const text = await res.body.text();
      stats.record(endpoint, performance.now() - started);
      if (res.statusCode !== 200) {
        const code = (JSON.parse(text || '{}') as { code?: string }).code ?? '';
        stats.fail(`${endpoint} ${res.statusCode} ${code}`.trim());
        return undefined;
      }
      return JSON.parse(text) as unknown;
    } catch (err) {
      stats.fail(`${endpoint} ${(err as { code?: string }).code ?? (err as Error).message}`);
      return undefined;
    }
  }
}
