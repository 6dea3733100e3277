import { describe, expect, it } from 'vitest';
import { newId, reportDetailSchema, type ReportDetail } from '@urs/sync-protocol';
import {
  mayChangeReport,
  resolveDetail,
  serverCopyNote,
  shouldFetchFromServer,
  viewFromServer,
  type ReportView,
  type ServerRead,
} from './report-detail-source.js';
import { ownJob } from '../../../test/report.js';

const AT = '2026-11-18T03:00:00.000Z';
const gardener = { id: newId(), role: 'gardener' as const };
const custodian = { id: newId(), role: 'custodian' as const };
const admin = { id: newId(), role: 'admin' as const };

/** Gardener Slamet's report as a pull would bring it... */
const row = {
  id: newId(),
  reporter_id: gardener.id,
  area_id: 'area-1',
  category_id: null,
  work_type: 'maintenance',
  description: 'Pangkas pagar tanaman',
  status: 'pending',
  admin_note: null,
  reported_at: AT,
  created_at: AT,
  updated_at: AT,
  ...ownJob(gardener.id),
};
/** ...and as GET /api/reports/:id answers it. */
const detail: ReportDetail = reportDetailSchema.parse({
  ...row,
  area: { id: 'area-1', name: 'Taman Depan' },
  category: null,
  reporter: { id: gardener.id, name: 'Slamet Riyadi', role: 'gardener' },
  photos: [{ id: newId(), kind: 'before', position: 0, mime_type: 'image/jpeg', size_bytes: 900 }],
});
const onDevice: ReportView = { ...viewFromServer(detail), source: 'device' };
const idle: ServerRead = { state: 'idle' };

describe('shouldFetchFromServer', () => {
  it('asks the server only once Dexie has said the report is not here, and only online', () => {
    expect(shouldFetchFromServer(null, true, idle)).toBe(true);
    expect(shouldFetchFromServer(undefined, true, idle)).toBe(false);
    expect(shouldFetchFromServer(onDevice, true, idle)).toBe(false);
    expect(shouldFetchFromServer(null, false, idle)).toBe(false);
  });

  it('asks once: not again while loading or after an answer', () => {
    for (const read of [
      { state: 'loading' },
      { state: 'loaded', detail },
      { state: 'missing' },
      { state: 'failed' },
    ] as const) {
      expect(shouldFetchFromServer(null, true, read), read.state).toBe(false);
    }
  });
});

describe('resolveDetail', () => {
  it('waits for Dexie before deciding anything', () => {
    expect(resolveDetail(undefined, true, idle)).toEqual({ state: 'loading' });
    expect(resolveDetail(undefined, false, { state: 'loaded', detail })).toEqual({
      state: 'loading',
    });
  });

  it('shows the device copy whenever there is one, even if a server copy was loaded', () => {
    expect(resolveDetail(onDevice, false, idle)).toEqual({ state: 'ready', view: onDevice });
    expect(resolveDetail(onDevice, true, { state: 'loaded', detail })).toEqual({
      state: 'ready',
      view: onDevice,
    });
  });

  it('offline and not on the device: the not-on-device message, not a spinner', () => {
    expect(resolveDetail(null, false, idle)).toEqual({ state: 'not-on-device' });
    expect(resolveDetail(null, false, { state: 'failed' })).toEqual({ state: 'not-on-device' });
  });

  it('online and not on the device: loading, then the server copy, not found, or failed', () => {
    expect(resolveDetail(null, true, idle)).toEqual({ state: 'loading' });
    expect(resolveDetail(null, true, { state: 'loading' })).toEqual({ state: 'loading' });
    expect(resolveDetail(null, true, { state: 'loaded', detail })).toEqual({
      state: 'ready',
      view: viewFromServer(detail),
    });
    expect(resolveDetail(null, true, { state: 'missing' })).toEqual({ state: 'not-found' });
    expect(resolveDetail(null, true, { state: 'failed' })).toEqual({ state: 'failed' });
  });

  it('keeps showing a server copy already loaded when the network drops', () => {
    const shown = resolveDetail(null, false, { state: 'loaded', detail });
    expect(shown.state === 'ready' && shown.view.source).toBe('server');
  });
});

describe('viewFromServer', () => {
  it('splits the answer into the synced row, its photos and the names', () => {
    const view = viewFromServer(detail);
    expect(view.source).toBe('server');
    expect(view.report).toEqual(row);
    expect(view.names).toEqual({
      area: 'Taman Depan',
      category: undefined,
      reporter: 'Slamet Riyadi',
    });
    expect(view.photos).toEqual(detail.photos);
  });
});

describe('mayChangeReport', () => {
  it('offers changes on a device copy to its reporter and to admins only', () => {
    expect(mayChangeReport(onDevice, gardener)).toBe(true);
    expect(mayChangeReport(onDevice, admin)).toBe(true);
    expect(mayChangeReport(onDevice, custodian)).toBe(false);
  });

  it("offers a job's text to the assignee only when they filed it too, as the contract's table says", () => {
    const assigned = { ...onDevice, report: { ...onDevice.report, assignee_id: custodian.id } };
    expect(mayChangeReport(assigned, custodian)).toBe(false);
    // Its reporter keeps editing it while it is pending, not once work has started.
    expect(mayChangeReport(assigned, gardener)).toBe(true);
    const started = { ...assigned, report: { ...assigned.report, status: 'in_progress' as const } };
    expect(mayChangeReport(started, gardener)).toBe(false);
  });

  it('never offers changes on a server copy, which is read-only', () => {
    const fromServer = viewFromServer(detail);
    for (const user of [gardener, admin, custodian]) {
      expect(mayChangeReport(fromServer, user), user.role).toBe(false);
    }
  });
});

describe('a report kept from the server during the first download (decision 032)', () => {
  const kept: ReportView = { ...onDevice, photos: [], names: {} };
  const loaded: ServerRead = { state: 'loaded', detail };

  it("shows the server answer's photos and names until the pull brings them", () => {
    const resolved = resolveDetail(kept, true, loaded);
    expect(resolved).toMatchObject({
      state: 'ready',
      view: {
        source: 'device',
        photosFromServer: true,
        names: { area: 'Taman Depan', reporter: 'Slamet Riyadi' },
      },
    });
    if (resolved.state !== 'ready') throw new Error('not ready');
    expect(resolved.view.photos).toEqual(detail.photos);
    // Editing would show no photos: it waits for the download; status and note do not.
    expect(mayChangeReport(resolved.view, admin)).toBe(false);
  });

  it("takes the device's own photos once they are there", () => {
    const resolved = resolveDetail(onDevice, true, loaded);
    expect(resolved).toEqual({ state: 'ready', view: onDevice });
    if (resolved.state === 'ready') expect(mayChangeReport(resolved.view, admin)).toBe(true);
  });

  it('tells whose device will hold it that the actions come after the download', () => {
    const server = viewFromServer(detail);
    expect(serverCopyNote(server, admin, true)).toBe('reports.actionsAfterDownload');
    expect(serverCopyNote(server, gardener, true)).toBe('reports.actionsAfterDownload');
    expect(serverCopyNote(server, custodian, true)).toBe('reports.fromServer');
    expect(serverCopyNote(server, admin, false)).toBe('reports.fromServer');
  });
});
