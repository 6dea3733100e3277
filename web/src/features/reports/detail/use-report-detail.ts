import { useEffect, useRef, useState } from 'react';
import { reportDetailSchema, type ReportDetail } from '@urs/sync-protocol';
import { useOnline } from '../../../components/ui/online.js';
import { useDeviceReportView } from '../data/report-queries.js';
import { parseOne } from '../../../client/admin-kit.js';
import { api } from '../../../client/api.js';
import { ApiError } from '../../../client/api-client.js';
import {
  resolveDetail,
  shouldFetchFromServer,
  type DetailState,
  type ServerRead,
} from './report-detail-source.js';

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
  const local = useDeviceReportView(id);
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
