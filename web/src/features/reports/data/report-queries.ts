import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { openEntriesFor } from '../../../sync/index.js';
import { db, type EntityRow, type UrsDatabase } from '../../../db/index.js';
import { pageWithin, type ListPage } from '../../../lib/paging.js';
import { api } from '../../../client/api.js';
import { unsyncedReportIds } from './report-sync-marks.js';

/** Live set of this user's report ids with changes not yet accepted by the server. */
export function useUnsyncedReportIds(userId: string | null): Set<string> {
  return (
    useLiveQuery(async () => {
      if (userId === null) return new Set<string>();
      const entries = await openEntriesFor(db, userId).toArray();
      const photoIds = entries
        .filter((entry) => entry.entity === 'report_photos')
        .map((entry) => entry.entity_id);
      const photos = await db.report_photos.bulkGet(photoIds);
      const photoReport = new Map<string, string>();
      for (const photo of photos)
        if (photo !== undefined) photoReport.set(photo.id, photo.report_id);
      return unsyncedReportIds(entries, photoReport);
    }, [userId]) ?? new Set<string>()
  );
}

/**
 * One page of the user's reports, last filed first, read from the index: their count and the
 * page's rows, not every report (a technician's school year is thousands, of which ten show).
 */
export async function myReportsPage(
  database: UrsDatabase,
  userId: string,
  page: number,
  size: number,
): Promise<ListPage<EntityRow<'reports'>>> {
  const mine = () =>
    database.reports.where('[reporter_id+reported_at]').between([userId, ''], [userId, '\uffff']);
  const total = await mine().count();
  const shown = pageWithin(page, total, size);
  const rows = await mine()
    .reverse()
    .offset((shown.page - 1) * size)
    .limit(size)
    .toArray();
  return { rows, total, ...shown };
}

/**
 * A photo's bytes from the device's photos table when they are here, else from the server
 * (GET /api/photos/:id with the bearer token; offline, the service worker's copy answers).
 */
export async function loadPhotoBytes(
  photoId: string,
): Promise<{ bytes: ArrayBuffer; mime: string }> {
  const local = await db.photos.get(photoId);
  if (local !== undefined) return { bytes: local.bytes, mime: local.mime_type };
  const remote = await api.getPhoto(photoId);
  return { bytes: remote.bytes, mime: remote.mime_type };
}

export type PhotoUrlState =
  { state: 'loading' } | { state: 'ready'; url: string; mime: string } | { state: 'unavailable' };

/** An object URL for a photo (see loadPhotoBytes); revoked when the id changes or on unmount. */
export function usePhotoUrl(photoId: string): PhotoUrlState {
  const [result, setResult] = useState<PhotoUrlState>({ state: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setResult({ state: 'loading' });
    loadPhotoBytes(photoId)
      .then(({ bytes, mime }) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([bytes], { type: mime }));
        setResult({ state: 'ready', url, mime });
      })
      .catch(() => {
        if (!cancelled) setResult({ state: 'unavailable' });
      });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [photoId]);
  return result;
}

/** File name for a downloaded photo. */
export function photoFileName(id: string, mime: string): string {
  const ext = mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpg';
  return `foto-${id}.${ext}`;
}
