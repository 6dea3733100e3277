import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import {
  reportDetailSchema,
  type Report,
  type ReportDetail,
  type ReportPhoto,
} from '@urs/sync-protocol';
import { useOnline } from '../../../components/ui/online.js';
import { db } from '../../../db/index.js';
import { nameOf } from '../../../sync/index.js';
import { parseOne } from '../../../client/admin-kit.js';
import { api } from '../../../client/api.js';
import { ApiError } from '../../../client/api-client.js';
import {
  resolveDetail,
  shouldFetchFromServer,
  type DetailState,
  type ReportView,
  type ServerRead,
} from './report-detail-source.js';

export interface LoadedReport {
  report: Report;
  photos: ReportPhoto[];
}

async function loadFromDevice(id: string): Promise<LoadedReport | null> {
  const report = await db.reports.get(id);
  if (report === undefined) return null;
  const photos = (await db.report_photos.where('report_id').equals(id).toArray()).sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.position - b.position || a.id.localeCompare(b.id),
  );
  return { report, photos };
}

/** undefined while loading, null when the device does not have it. */
export function useReport(id: string): LoadedReport | null | undefined {
  return useLiveQuery(() => loadFromDevice(id), [id]);
}

/** The device's copy with the names the detail shows, looked up in the device's own tables. */
function useDeviceView(id: string): ReportView | null | undefined {
  return useLiveQuery(async () => {
    const loaded = await loadFromDevice(id);
    if (loaded === null) return null;
    const { report } = loaded;
    const [area, category, reporter] = await Promise.all([
      nameOf(db, 'areas', report.area_id),
      report.category_id === null ? undefined : nameOf(db, 'categories', report.category_id),
      nameOf(db, 'users', report.reporter_id),
    ]);
    return {
      ...loaded,
      names: { area, category, reporter },
      source: 'device' as const,
    };
  }, [id]);
}

/** GET /api/reports/:id, checked against the shared contract. */
export async function fetchReportDetail(id: string): Promise<ReportDetail> {
  const body = await api.json('GET', `api/reports/${encodeURIComponent(id)}`);
  return parseOne(body, reportDetailSchema);
}

/**
 * The detail screen's report: from the device when it is there (live), else, when online, read
 * once from the server (see report-detail-source.ts for the rules). A failed read is tried again
 * the next time the browser comes back online.
 */
export function useReportDetail(id: string): DetailState {
  const local = useDeviceView(id);
  const online = useOnline();
  const [read, setRead] = useState<ServerRead>({ state: 'idle' });
  const wanted = useRef(id);
  wanted.current = id;

  useEffect(() => setRead({ state: 'idle' }), [id]);
  useEffect(() => {
    if (!online) setRead((r) => (r.state === 'failed' ? { state: 'idle' } : r));
  }, [online]);

  const fetchNow = shouldFetchFromServer(local, online, read);
  useEffect(() => {
    if (!fetchNow) return;
    setRead({ state: 'loading' });
    // Not cancelled by this effect's cleanup: setting 'loading' re-runs it. An answer for an id
    // the screen has left is dropped instead.
    const settle = (next: ServerRead) => {
      if (wanted.current === id) setRead(next);
    };
    fetchReportDetail(id).then(
      (detail) => settle({ state: 'loaded', detail }),
      (err: unknown) =>
        settle({ state: err instanceof ApiError && err.status === 404 ? 'missing' : 'failed' }),
    );
  }, [fetchNow, id]);

  return resolveDetail(local, online, read);
}
