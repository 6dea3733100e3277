import { useEffect, useState } from 'react';
import { db } from '../../../db/index.js';
import { api } from '../../../client/api.js';

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

/** Of these photo ids, the ones whose bytes are not on the device (storage cleared). */
export async function missingPhotoIds(ids: readonly string[]): Promise<Set<string>> {
  const found = await db.photos.bulkGet([...ids]);
  return new Set(ids.filter((_, index) => found[index] === undefined));
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
