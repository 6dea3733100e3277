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
  /**
   * A device copy whose photos' rows have not arrived (a report kept from the server during
   * the first download, decision 032): the photos shown are the server answer's, and what
   * would change them (edit, an after photo) waits for the download.
   */
  photosFromServer?: boolean;
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
  if (local !== null) {
    const view = read.state === 'loaded' ? withServerCopy(local, read.detail) : local;
    return { state: 'ready', view };
  }
  if (read.state === 'loaded') return { state: 'ready', view: viewFromServer(read.detail) };
  if (!online) return { state: 'not-on-device' };
  if (read.state === 'missing') return { state: 'not-found' };
  if (read.state === 'failed') return { state: 'failed' };
  return { state: 'loading' };
}

/**
 * The device's copy, filled in from the server's answer where the device lacks what the pull
 * has not brought yet: names of areas and people, and the photos (decision 032).
 */
export function withServerCopy(local: ReportView, detail: ReportDetail): ReportView {
  const server = viewFromServer(detail);
  const lacksPhotos = local.photos.length === 0 && server.photos.length > 0;
  return {
    ...local,
    names: {
      area: local.names.area ?? server.names.area,
      category: local.names.category ?? server.names.category,
      reporter: local.names.reporter ?? server.names.reporter,
      assignee: local.names.assignee,
    },
    ...(lacksPhotos && { photos: server.photos, photosFromServer: true }),
  };
}

/**
 * What a report read from the server tells its viewer about acting on it: during the first
 * download, to one whose device will hold it (an admin, its reporter or assignee), that the
 * actions come once the report has arrived; otherwise that it is only to be looked at.
 */
export function serverCopyNote(
  view: ReportView,
  user: { id: string; role: AccountRole },
  downloading: boolean,
): 'reports.actionsAfterDownload' | 'reports.fromServer' {
  const { report } = view;
  const comesHere =
    user.role === 'admin' || report.reporter_id === user.id || report.assignee_id === user.id;
  return downloading && comesHere ? 'reports.actionsAfterDownload' : 'reports.fromServer';
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
 * server copy is read-only, and so is a kept one whose photos have not arrived (the form would
 * show none).
 */
export function mayChangeReport(
  view: ReportView,
  user: { id: string; role: AccountRole },
): boolean {
  if (view.source !== 'device' || view.photosFromServer === true) return false;
  const { report } = view;
  const job = { ...report, before_photos: 0, after_photos: 0 };
  return canDoJob('edit', job, user);
}
