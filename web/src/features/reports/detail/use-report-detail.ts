import { useEffect, useRef, useState } from 'react';
import { reportDetailSchema, type ReportDetail, type User } from '@urs/sync-protocol';
import { useOnline } from '../../../components/ui/online.js';
import { useDeviceReportView } from '../data/report-queries.js';
import { keepReportFromServer, mayKeepServerCopy } from '../data/report-server-copy.js';
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
 * the next time the browser comes back online. An admin's device keeps the server's answer as
 * if pulled (decision 032), after which the device's copy takes over, with every action.
 */
export function useReportDetail(id: string, user: Pick<User, 'id' | 'role'> | null): DetailState {
  const local = useDeviceReportView(id);
  const online = useOnline();
  const [read, setRead] = useState<ServerRead>({ state: 'idle' });
  /** The report id whose server copy this screen has tried to keep. */
  const [keptFor, setKeptFor] = useState<string | null>(null);
  const wanted = useRef(id);
  wanted.current = id;

  useEffect(() => setRead({ state: 'idle' }), [id]);

  const answered = read.state === 'loaded' ? read.detail : null;
  const keepNow =
    local === null &&
    answered !== null &&
    answered.id === id &&
    keptFor !== id &&
    user !== null &&
    mayKeepServerCopy(user);
  useEffect(() => {
    if (!keepNow || answered === null || user === null) return;
    setKeptFor(answered.id);
    // Refused (the row arrived or an entry holds it meanwhile), or failed: the server copy
    // stays shown as it is, and says when its actions come.
    keepReportFromServer(user, answered).catch((err: unknown) => {
      console.error('Gagal menyimpan salinan laporan dari server', err);
    });
  }, [keepNow, answered, user]);
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
