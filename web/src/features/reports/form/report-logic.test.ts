import { describe, expect, it } from 'vitest';
import { newId, type Report, type ReportPhoto } from '@urs/sync-protocol';
import {
  clearDraft,
  draftKey,
  loadDraft,
  loadStoredDraft,
  parseDraft,
  saveDraft,
} from './report-draft.js';
import {
  EMPTY_FORM,
  planCreate,
  planEdit,
  validatePlan,
  type FormPhoto,
} from './report-form-state.js';
import { pageOf } from '../../../lib/paging.js';
import { MY_REPORTS_PAGE_SIZE } from '../mine/paging.js';
import { unsyncedReportIds } from '../data/report-sync-marks.js';
import { photoRow } from '../../../test/sync-fixtures.js';
import { MemoryStorage } from '../../../test/memory-storage.js';
import { ownJob } from '../../../test/report.js';

const SHA = 'a'.repeat(64);
const NOW = new Date('2026-11-22T03:00:00.000Z');
const AT = NOW.toISOString();

function photo(kind: 'before' | 'after', extra: Partial<FormPhoto> = {}): FormPhoto {
  return { id: newId(), kind, sha256: SHA, mime_type: 'image/jpeg', size_bytes: 1234, ...extra };
}

describe('planCreate', () => {
  it('creates the report and one attach per photo, with full optimistic rows and positions per kind', () => {
    const id = newId();
    const area = newId();
    const photos = [
      photo('before', { captured_at: '2026-11-22T09:58:00+07:00' }),
      photo('after'),
      photo('before', { mime_type: 'image/png' }),
    ];
    const plan = planCreate({
      id,
      reporterId: 'user-1',
      values: {
        ...EMPTY_FORM,
        area_id: area,
        description: '  Keran bocor  ',
        status: 'in_progress',
      },
      photos,
      now: NOW,
    });
    expect(plan.map((step) => step.name)).toEqual([
      'report.create',
      'photo.attach',
      'photo.attach',
      'photo.attach',
    ]);
    expect(plan[0]?.args).toEqual({
      id,
      area_id: area,
      category_id: null,
      work_type: 'cleaning',
      description: '  Keran bocor  ',
      status: 'in_progress',
      reported_at: AT,
    });
    expect(plan[0]?.optimistic).toEqual([
      {
        entity: 'reports',
        op: 'put',
        row: {
          id,
          number: null,
          reporter_id: 'user-1',
          area_id: area,
          category_id: null,
          work_type: 'cleaning',
          description: 'Keran bocor',
          status: 'in_progress',
          admin_note: null,
          reported_at: AT,
          created_at: AT,
          updated_at: AT,
          ...ownJob('user-1'),
        },
      },
    ]);
    expect(plan.slice(1).map((step) => step.args)).toEqual([
      expect.objectContaining({
        id: photos[0]?.id,
        kind: 'before',
        position: 0,
        report_id: id,
        captured_at: '2026-11-22T09:58:00+07:00',
      }),
      expect.objectContaining({ id: photos[1]?.id, kind: 'after', position: 0, captured_at: null }),
      expect.objectContaining({
        id: photos[2]?.id,
        kind: 'before',
        position: 1,
        mime_type: 'image/png',
      }),
    ]);
    expect(plan[1]?.optimistic[0]).toEqual({
      entity: 'report_photos',
      op: 'put',
      row: {
        id: photos[0]?.id,
        report_id: id,
        kind: 'before',
        sha256: SHA,
        mime_type: 'image/jpeg',
        size_bytes: 1234,
        position: 0,
        captured_at: '2026-11-22T09:58:00+07:00',
        created_at: AT,
        updated_at: AT,
      },
    });
    expect(validatePlan(plan)).toEqual({});
  });

  it('reports missing area and description per field before anything is queued', () => {
    const plan = planCreate({
      id: newId(),
      reporterId: 'u',
      values: { ...EMPTY_FORM, description: '   ' },
      photos: [],
      now: NOW,
    });
    expect(validatePlan(plan)).toEqual({
      area_id: ['Pilih area.'],
      description: ['Deskripsi wajib diisi.'],
    });
  });
});

describe('planEdit', () => {
  const report: Report = {
    id: newId(),
    reporter_id: 'u',
    area_id: newId(),
    category_id: null,
    work_type: 'cleaning',
    description: 'Lama',
    status: 'pending',
    admin_note: null,
    reported_at: '2026-11-20T00:00:00.000Z',
    created_at: '2026-11-20T00:00:00.000Z',
    updated_at: '2026-11-20T00:00:00.000Z',
    ...ownJob('u'),
  };
  const existing: ReportPhoto = photoRow(report.id, report.created_at, { sha256: SHA });
  const values = {
    area_id: report.area_id,
    category_id: '',
    work_type: report.work_type,
    description: report.description,
    status: report.status,
  };

  it('queues nothing when nothing changed', () => {
    const kept = { ...existing, attached: true };
    const rest = { existingPhotos: [existing], now: NOW };
    expect(planEdit({ report, actorId: 'u', values, photos: [kept], ...rest })).toEqual([]);
  });

  it('sends only edited fields, the status change, removals and new photos after the kept ones', () => {
    const added = photo('before');
    const plan = planEdit({
      report,
      values: { ...values, description: 'Baru', status: 'completed' },
      photos: [{ ...existing, attached: true }, added],
      existingPhotos: [existing],
      actorId: 'u',
      now: NOW,
    });
    const eventId = (plan[1]?.args as { event_id?: string } | undefined)?.event_id;
    expect(plan.map((step) => [step.name, step.args])).toEqual([
      ['report.update', { id: report.id, description: 'Baru' }],
      ['report.set_status', { id: report.id, status: 'completed', event_id: eventId, at: AT }],
      ['photo.attach', expect.objectContaining({ id: added.id, position: 1 })],
    ]);
    // The status change writes the report as the edit leaves it and its timeline event at once.
    expect(plan[1]?.optimistic).toHaveLength(2);
    expect(plan[1]?.optimistic[0]).toEqual({
      entity: 'reports',
      op: 'put',
      row: {
        ...report,
        description: 'Baru',
        status: 'completed',
        completed_at: AT,
        updated_at: AT,
      },
    });
    expect(plan[1]?.optimistic[1]).toMatchObject({
      entity: 'report_events',
      op: 'put',
      row: {
        id: eventId,
        report_id: report.id,
        actor_id: 'u',
        kind: 'status',
        changes: { status: ['pending', 'completed'] },
        occurred_at: AT,
      },
    });

    const removal = planEdit({
      report,
      actorId: 'u',
      values,
      photos: [],
      existingPhotos: [existing],
      now: NOW,
    });
    expect(removal).toEqual([
      {
        name: 'photo.remove',
        args: { id: existing.id },
        optimistic: [{ entity: 'report_photos', op: 'delete', id: existing.id }],
      },
    ]);
  });
});

describe('report draft', () => {
  it('keeps the form and photo ids per user, and reads back only what is well formed', () => {
    const storage = new MemoryStorage();
    const key = draftKey('user-1');
    expect(key).not.toBe(draftKey('user-2'));
    expect(draftKey('user-1', 'r1')).not.toBe(key);
    const photos = [photo('after')];
    saveDraft(storage, key, { values: { ...EMPTY_FORM, description: 'Setengah' }, photos }, NOW);
    expect(loadDraft(storage, key)).toEqual({
      values: { ...EMPTY_FORM, description: 'Setengah' },
      photos,
      saved_at: AT,
    });
    expect(loadDraft(storage, draftKey('user-2'))).toBeNull();
    clearDraft(storage, key);
    expect(loadDraft(storage, key)).toBeNull();
  });

  it("keeps a new report's id with its draft, and drops one that is not an id", () => {
    const storage = new MemoryStorage();
    const key = draftKey('user-1');
    const id = newId();
    saveDraft(storage, key, { values: EMPTY_FORM, photos: [], report_id: id }, NOW);
    expect(loadDraft(storage, key)?.report_id).toBe(id);
    storage.setItem(key, JSON.stringify({ values: EMPTY_FORM, photos: [], report_id: 'x' }));
    expect(loadDraft(storage, key)).toEqual({ values: EMPTY_FORM, photos: [], saved_at: '' });
  });

  it('survives garbage: bad JSON is no draft, bad fields fall back, bad photos are dropped', () => {
    expect(parseDraft('{oops')).toBeNull();
    expect(parseDraft('null')).toBeNull();
    const draft = parseDraft(
      JSON.stringify({
        values: { area_id: 5, work_type: 'dancing', status: 'done', description: 'x' },
        photos: [
          { id: 'p', kind: 'side' },
          { id: 'q', kind: 'before', sha256: SHA, mime_type: 'image/jpeg', size_bytes: 3 },
        ],
      }),
    );
    expect(draft?.values).toEqual({ ...EMPTY_FORM, description: 'x' });
    expect(draft?.photos.map((p) => p.id)).toEqual(['q']);
  });

  it('restores a draft saved before drafts carried a version', () => {
    const storage = new MemoryStorage();
    const key = draftKey('user-1');
    const old = {
      values: { ...EMPTY_FORM, description: 'Lama' },
      photos: [photo('before')],
      saved_at: AT,
    };
    storage.setItem(key, JSON.stringify(old));
    expect(loadStoredDraft(storage, key)).toEqual({ kind: 'kept', draft: old });
  });

  it('drops an unreadable or newer draft once, and says so', () => {
    const storage = new MemoryStorage();
    const key = draftKey('user-1');
    for (const text of ['{oops', JSON.stringify({ version: 99, values: EMPTY_FORM, photos: [] })]) {
      storage.setItem(key, text);
      expect(loadStoredDraft(storage, key)).toEqual({ kind: 'unreadable' });
      expect(storage.getItem(key)).toBeNull();
      expect(loadStoredDraft(storage, key)).toEqual({ kind: 'none' });
    }
  });
});

describe('not-synced marks and paging', () => {
  it('marks reports with pending report or photo mutations', () => {
    const entries = [
      {
        entity: 'reports' as const,
        entity_id: 'r1',
        mutation: { id: 'm', seq: 1, name: 'report.create', args: {}, at: AT },
      },
      {
        entity: 'report_photos' as const,
        entity_id: 'p1',
        mutation: { id: 'm2', seq: 2, name: 'photo.attach', args: { report_id: 'r2' }, at: AT },
      },
      {
        entity: 'report_photos' as const,
        entity_id: 'p9',
        mutation: { id: 'm3', seq: 3, name: 'photo.remove', args: { id: 'p9' }, at: AT },
      },
      {
        entity: 'inventory_items' as const,
        entity_id: 'i1',
        mutation: { id: 'm4', seq: 4, name: 'item.create', args: {}, at: AT },
      },
    ];
    expect([...unsyncedReportIds(entries, new Map([['p9', 'r3']]))].sort()).toEqual([
      'r1',
      'r2',
      'r3',
    ]);
  });

  it('clamps the page and slices ten at a time', () => {
    const list = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf([], 1, MY_REPORTS_PAGE_SIZE)).toEqual({ pages: 1, page: 1, rows: [], total: 0 });
    expect(pageOf(list, 3, MY_REPORTS_PAGE_SIZE)).toEqual({
      pages: 3,
      page: 3,
      rows: list.slice(20, 30),
      total: 25,
    });
    expect(pageOf(list, 9, MY_REPORTS_PAGE_SIZE).page).toBe(3);
  });
});
