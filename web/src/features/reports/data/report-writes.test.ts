import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../../db/database.js';
import { claimLocalData, discardUnusedPhoto, enqueue, savePhoto } from '../../../sync/index.js';
import { jpegBytes, refuse } from '../../../test/sync-fixtures.js';
import { EMPTY_FORM, type FormPhoto, type ReportFormValues } from '../form/report-form-state.js';
import { deletionState, fileNewReport } from './report-writes.js';

const USER = newId();
const NOW = new Date('2026-11-23T08:00:00.000Z');

let db: UrsDatabase;

beforeEach(async () => {
  db = openUrsDatabase(`urs-report-save-test-${newId()}`, { indexedDB, IDBKeyRange });
  await claimLocalData(db, USER);
});
afterEach(() => {
  db.close();
});

describe('filing a new report from its draft', () => {
  const values: ReportFormValues = {
    ...EMPTY_FORM,
    area_id: newId(),
    description: 'Keran wastafel lantai 2 bocor',
  };

  it('files the work once, even when the same draft is saved a second time', async () => {
    const id = newId();
    const input = { id, reporterId: USER, values, photos: [] };
    expect(await fileNewReport(input, NOW, db)).toEqual({ kind: 'filed' });
    // The tab was killed before the draft was cleared: restored, it is saved again.
    expect(await fileNewReport(input, NOW, db)).toEqual({ kind: 'already_filed', changes: null });
    expect(await db.reports.count()).toBe(1);
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.mutation.name, entry.entity_id])).toEqual([
      ['report.create', id],
    ]);
  });

  /** A photo saved on the device as the form keeps it. */
  async function formPhoto(seed: number, kind: FormPhoto['kind'] = 'before'): Promise<FormPhoto> {
    const photo = await savePhoto(db, USER, jpegBytes(seed), 'image/jpeg', { compress: null });
    const { id, sha256, mime_type, size_bytes } = photo;
    return { id, kind, sha256, mime_type, size_bytes, captured_at: null };
  }

  it('gives back what was changed in a restored draft since it was restored, as an edit', async () => {
    const id = newId();
    const first = await formPhoto(1);
    const filedInput = { id, reporterId: USER, values, photos: [first] };
    expect(await fileNewReport(filedInput, NOW, db)).toEqual({ kind: 'filed' });
    // An admin has since moved the report on; the draft still says pending.
    await db.reports.update(id, { status: 'in_progress' });
    const restored = { values, photos: [first] };

    // Restored, the draft is changed: a longer text, the first photo out and another in.
    const second = await formPhoto(2, 'after');
    const changedValues = { ...values, description: `${values.description}, airnya menggenang` };
    const filing = await fileNewReport(
      { ...filedInput, values: changedValues, photos: [second], startedFrom: restored },
      NOW,
      db,
    );
    expect(filing).toEqual({
      kind: 'already_filed',
      changes: {
        values: { ...changedValues, status: 'in_progress' },
        photos: [second],
      },
    });
    // Nothing more is queued here: the edit form queues it once the user has checked it.
    expect((await db.outbox.toArray()).map((entry) => entry.mutation.name)).toEqual([
      'report.create',
      'photo.attach',
    ]);

    // Restored and saved unchanged: nothing to edit (an admin's status is not a change).
    expect(await fileNewReport({ ...filedInput, startedFrom: restored }, NOW, db)).toEqual({
      kind: 'already_filed',
      changes: null,
    });
    // A form that never was restored, overtaken by another tab that filed the same draft's id
    // first: everything it typed since it opened comes back as the edit.
    const opened = { values: { ...EMPTY_FORM, area_id: values.area_id }, photos: [] };
    const overtaken = await fileNewReport(
      { ...filedInput, values: changedValues, photos: [first, second], startedFrom: opened },
      NOW,
      db,
    );
    expect(overtaken).toMatchObject({
      kind: 'already_filed',
      changes: {
        values: { description: changedValues.description },
        photos: [
          { id: first.id, attached: true },
          { id: second.id, kind: 'after' },
        ],
      },
    });
  });

  it("never undoes what a second tab's older copy of the draft did not know", async () => {
    // Tabs A and B restore the same draft. A adds a photo and more text, and saves.
    const id = newId();
    const copy = { values, photos: [] };
    const added = await formPhoto(5);
    const longer = { ...values, description: `${values.description} dan airnya menggenang` };
    await fileNewReport({ id, reporterId: USER, values: longer, photos: [added] }, NOW, db);

    // B saves its copy unchanged: nothing to edit, neither the text nor A's photo goes.
    expect(
      await fileNewReport({ id, reporterId: USER, ...copy, startedFrom: copy }, NOW, db),
    ).toEqual({ kind: 'already_filed', changes: null });
    // B changed the category only: the edit carries that, with A's text and photo kept.
    const category = newId();
    const filing = await fileNewReport(
      {
        id,
        reporterId: USER,
        values: { ...values, category_id: category },
        photos: [],
        startedFrom: copy,
      },
      NOW,
      db,
    );
    expect(filing).toMatchObject({
      kind: 'already_filed',
      changes: {
        values: { category_id: category, description: longer.description.trim() },
        photos: [{ id: added.id, attached: true }],
      },
    });
  });

  it("keeps a queued photo's bytes when a restored draft drops it, and frees an unused one", async () => {
    const queued = await formPhoto(3);
    await fileNewReport({ id: newId(), reporterId: USER, values, photos: [queued] }, NOW, db);
    const unused = await formPhoto(4);

    await discardUnusedPhoto(db, queued.id);
    await discardUnusedPhoto(db, unused.id);
    expect(await db.photos.get(queued.id)).toMatchObject({ sha256: queued.sha256 });
    expect(await db.photos.get(unused.id)).toBeUndefined();

    // Refused and its optimistic rows undone, the entry still names the photo for a resend.
    await db.report_photos.delete(queued.id);
    await discardUnusedPhoto(db, queued.id);
    expect(await db.photos.get(queued.id)).toBeDefined();
  });

  it('answers field errors and queues nothing for a form that does not pass', async () => {
    const filing = await fileNewReport(
      { id: newId(), reporterId: USER, values: { ...values, description: '' }, photos: [] },
      NOW,
      db,
    );
    expect(filing).toMatchObject({
      kind: 'refused',
      errors: { description: [expect.any(String)] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells where a queued deletion stands: waiting, refused, or sent', async () => {
    const id = newId();
    await fileNewReport({ id, reporterId: USER, values, photos: [] }, NOW, db);
    await db.outbox.clear();
    await enqueue(db, USER, 'report.delete', { id });
    expect(await deletionState(USER, id, db)).toBe('waiting');
    const [entry] = await db.outbox.toArray();
    await refuse(db, entry, { code: 'not_found', message: 'Laporan tidak ditemukan.' });
    expect(await deletionState(USER, id, db)).toBe('refused');
    await db.outbox.clear();
    expect(await deletionState(USER, id, db)).toBe('sent');
  });
});
