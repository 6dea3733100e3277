import {
  canDoJob,
  type AccountRole,
  type Report,
  type ReportDetail,
  type ReportDetailPhoto,
} from '@urs/sync-protocol';

/** What the detail screen shows of a report, wherever it came from. */
export interface ReportView {
  report: Report;
  photos: ReportDetailPhoto[];
  names: {
    area?: string | undefined;
    category?: string | undefined;
    reporter?: string | undefined;
    /** The job's assignee (decision 028); undefined when unassigned or not known here. */
    assignee?: string | undefined;
  };
  /**
   * 'device': the report is in Dexie (own reports, or everything for an admin) and the screen is
   * live. 'server': fetched once from GET /api/reports/:id because the device does not hold it
   * (another staff member's report, which the pull never sends, or one not pulled yet).
   */
  source: 'device' | 'server';
}

/** The one-shot server read, as the screen tracks it. */
export type ServerRead =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; detail: ReportDetail }
  | { state: 'missing' }
  | { state: 'failed' };

export type DetailState =
  | { state: 'loading' }
  | { state: 'ready'; view: ReportView }
  /** Not on the device and no network to ask: the offline message. */
  | { state: 'not-on-device' }
  /** The server says there is no such live report (unknown id or deleted). */
  | { state: 'not-found' }
  /** Online, yet the server could not be reached or answered an error. */
  | { state: 'failed' };

/**
 * Whether the screen should ask the server: only when Dexie has answered that it does not hold
 * the report, the browser says it is online, and nothing was asked yet. The device always wins,
 * so a report that arrives by pull while the screen is open takes over from the server copy.
 */
export function shouldFetchFromServer(
  local: ReportView | null | undefined,
  online: boolean,
  read: ServerRead,
): boolean {
  return local === null && online && read.state === 'idle';
}

/**
 * What the detail screen shows, from the device read (undefined while Dexie answers, null when
 * the report is not on the device), the network state and the server read. A server copy
 * already loaded stays shown when the network drops: it is still the best the screen has.
 */
export function resolveDetail(
  local: ReportView | null | undefined,
  online: boolean,
  read: ServerRead,
): DetailState {
  if (local === undefined) return { state: 'loading' };
  if (local !== null) return { state: 'ready', view: local };
  if (read.state === 'loaded') return { state: 'ready', view: viewFromServer(read.detail) };
  if (!online) return { state: 'not-on-device' };
  if (read.state === 'missing') return { state: 'not-found' };
  if (read.state === 'failed') return { state: 'failed' };
  return { state: 'loading' };
}

/** The server's detail answer as the screen's view. */
export function viewFromServer(detail: ReportDetail): ReportView {
  const { area, category, reporter, photos, ...rest } = detail;
  // The timeline the answer may carry is no field of the report.
  const report: Report & { events?: unknown } = { ...rest };
  delete report.events;
  return {
    report,
    photos,
    names: { area: area.name, category: category?.name, reporter: reporter.name },
    source: 'server',
  };
}

/**
 * Editing the report (its text, area, category, work type) is offered only on a report the device
 * holds (its changes go through the outbox against the local row) and only to whom the
 * contract's job table gives 'edit' (decision 028): an admin, its reporter while it is pending,
 * its assignee when they filed it too. The server enforces the same on every pushed change. A
 * server copy is read-only.
 */
export function mayChangeReport(
  view: ReportView,
  user: { id: string; role: AccountRole },
): boolean {
  if (view.source !== 'device') return false;
  const { report } = view;
  const job = { ...report, before_photos: 0, after_photos: 0 };
  return canDoJob('edit', job, user);
}
