import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot } from '@urs/sync-protocol';
import { exportFileName, formatAge, readStoredSnapshot, storeSnapshot } from './analytics-store.js';
import { MemoryStorage } from '../../test/memory-storage.js';

const snapshot = {
  today: '2026-11-22',
  reports: { total: 60 },
  jobs: { open: 3, per_person: [] },
} as unknown as AnalyticsSnapshot;

describe('analytics snapshot on the device', () => {
  it('keeps the last snapshot and reads it back; junk reads as nothing', () => {
    const storage = new MemoryStorage();
    expect(readStoredSnapshot('admin-1', storage)).toBeNull();
    storeSnapshot('admin-1', { snapshot, fetchedAt: '2026-11-22T05:00:00.000Z' }, storage);
    expect(readStoredSnapshot('admin-1', storage)).toEqual({
      snapshot,
      fetchedAt: '2026-11-22T05:00:00.000Z',
    });
    // Kept for one admin, it is nothing to the next user of the phone.
    expect(readStoredSnapshot('admin-2', storage)).toBeNull();
    storage.setItem('urs_analytics_snapshot', '{not json');
    expect(readStoredSnapshot('admin-1', storage)).toBeNull();
    storage.setItem('urs_analytics_snapshot', JSON.stringify({ fetchedAt: 1 }));
    expect(readStoredSnapshot('admin-1', storage)).toBeNull();
    // Kept by the app before the job figures: fetched again rather than drawn without them.
    const older: Partial<AnalyticsSnapshot> = { ...snapshot };
    delete older.jobs;
    const fetchedAt = '2026-11-22T05:00:00.000Z';
    storeSnapshot('admin-1', { snapshot: older as AnalyticsSnapshot, fetchedAt }, storage);
    expect(readStoredSnapshot('admin-1', storage)).toBeNull();
  });

  it('says how old the data is in the interface language', () => {
    const now = new Date('2026-11-22T05:00:00.000Z');
    expect(formatAge('2026-11-22T04:55:00.000Z', now, 'id')).toBe('5 menit yang lalu');
    expect(formatAge('2026-11-22T02:00:00.000Z', now, 'en')).toBe('3 hours ago');
    expect(formatAge('2026-11-20T05:00:00.000Z', now, 'en')).toBe('2 days ago');
  });

  it('names the JSON export after the snapshot day', () => {
    expect(exportFileName(snapshot)).toBe('analytics-2026-11-22.json');
  });
});
