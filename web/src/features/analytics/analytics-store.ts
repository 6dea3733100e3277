import type { AnalyticsSnapshot } from '@urs/sync-protocol';
import { STORAGE_KEYS } from '../../lib/storage-keys.js';

/**
 * The last snapshot seen on this device, so the screen still shows something offline; the
 * session forgets it with the user (client/session-store.ts), so the next user of a shared phone does
 * not find the school's figures in its storage.
 */
const STORAGE_KEY = STORAGE_KEYS.analyticsSnapshot;

export interface StoredSnapshot {
  snapshot: AnalyticsSnapshot;
  fetchedAt: string;
}

/**
 * The snapshot kept for `userId`: one kept for anyone else (or before snapshots named their
 * user) reads as nothing, so an answer that arrived after a sign-out never reaches the next user.
 * So does one of an older shape, without the job figures; the screen fetches a new one.
 */
export function readStoredSnapshot(
  userId: string,
  storage: Storage = localStorage,
): StoredSnapshot | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSnapshot> & { user?: unknown };
    if (
      parsed.user !== userId ||
      typeof parsed.fetchedAt !== 'string' ||
      typeof parsed.snapshot !== 'object' ||
      parsed.snapshot === null ||
      // Kept by the app before jobs (issue 40): the screen reads figures it does not have.
      typeof (parsed.snapshot as Partial<AnalyticsSnapshot>).jobs !== 'object'
    ) {
      return null;
    }
    return { snapshot: parsed.snapshot, fetchedAt: parsed.fetchedAt };
  } catch {
    return null;
  }
}

export function storeSnapshot(
  userId: string,
  value: StoredSnapshot,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...value, user: userId }));
  } catch {
    // A full storage only costs the offline copy; the screen already shows the live data.
  }
}

/** "5 menit lalu" / "5 minutes ago", from Intl, for how old the shown data is. */
export function formatAge(from: string, now: Date, language: string): string {
  const seconds = Math.round((Date.parse(from) - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : 'id', { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/** A file name for the JSON export, e.g. `analytics-2026-11-22.json`. */
export function exportFileName(snapshot: AnalyticsSnapshot): string {
  return `analytics-${snapshot.today}.json`;
}
