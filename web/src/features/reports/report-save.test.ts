import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../db/database.js';
import { claimLocalData } from '../../sync/index.js';
import { EMPTY_FORM, type ReportFormValues } from './report-form-state.js';
import { fileNewReport } from './report-save.js';

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
    expect(await fileNewReport(input, NOW, db)).toEqual({ kind: 'already_filed' });
    expect(await db.reports.count()).toBe(1);
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.mutation.name, entry.entity_id])).toEqual([
      ['report.create', id],
    ]);
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
});
