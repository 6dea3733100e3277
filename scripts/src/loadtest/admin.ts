import { schoolDay, addDays } from '@urs/sync-protocol';
import type { Dispatcher } from 'undici';
import type { FaultClock } from './faults.js';
import { CycleFailed, timedRequest, type Call } from './request.js';
import type { LoadStats } from './stats.js';

const SCHOOL_OFFSET_MINUTES = 420;

/**
 * An administrator at a desk during the load: the heavy reads of the admin screens, one after
 * another with a pause between — the report list under filters, the analytics screen and a
 * month's export (xlsx). Timed in stats of their own: the ramp judges the devices' requests.
 */
export class AdminDesk {
  private token = '';

  constructor(
    private readonly http: Dispatcher,
    private readonly faults: FaultClock,
    private readonly login: { email: string; password: string },
  ) {}

  private call(
    stats: LoadStats,
    endpoint: string,
    path: string,
    method: Call['method'] = 'GET',
    body?: unknown,
  ) {
    return timedRequest(this.http, this.faults, stats, {
      endpoint,
      method,
      path,
      token: this.token,
      ...(body !== undefined && { body }),
    });
  }

  async signIn(stats: LoadStats): Promise<boolean> {
    try {
      const text = await this.call(
        stats,
        'POST /api/login (admin)',
        '/api/login',
        'POST',
        this.login,
      );
      this.token = (JSON.parse(text) as { access_token: string }).access_token;
      return true;
    } catch (err) {
      if (err instanceof CycleFailed) return false;
      throw err;
    }
  }

  /** One round of the desk's reads; failures are counted by timedRequest and the round goes on. */
  async browse(stats: LoadStats): Promise<void> {
    const today = schoolDay(Date.now(), SCHOOL_OFFSET_MINUTES);
    const monthAgo = addDays(today, -30);
    const reads: [string, string][] = [
      [
        'GET /api/reports (status, 30 days)',
        `/api/reports?status=pending&date_from=${monthAgo}&date_to=${today}&per_page=50`,
      ],
      [
        'GET /api/reports (overdue, unassigned)',
        '/api/reports?overdue=true&assignee_id=unassigned&per_page=50',
      ],
      ['GET /api/analytics', '/api/analytics'],
      ['GET /api/reports/export (this month)', '/api/reports/export?scope=this_month'],
    ];
    for (const [endpoint, path] of reads) {
      try {
        await this.call(stats, endpoint, path);
      } catch (err) {
        if (!(err instanceof CycleFailed)) throw err;
      }
    }
  }
}
