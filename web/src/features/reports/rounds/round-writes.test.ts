import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId } from '@urs/sync-protocol';
import { testRoundTemplate } from '../../../test/round.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../../db/database.js';
import { claimLocalData, savePhoto } from '../../../sync/index.js';
import { jpegBytes } from '../../../test/sync-fixtures.js';
import { completeRound, raiseReportFrom } from './round-writes.js';

const USER = newId();
const AREA = newId();
const NOW = new Date('2026-12-03T00:30:00.000Z');
let db: UrsDatabase;

const template = testRoundTemplate({
  version: 2,
  area_ids: [AREA],
  items: [
    { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', unit: null, photo: 'on_fail' },
    { id: 'soap', label: 'Sabun (botol)', kind: 'number', unit: 'botol', photo: 'none' },
  ],
});

beforeEach(async () => {
  db = openUrsDatabase(`urs-round-writes-test-${newId()}`, { indexedDB, IDBKeyRange });
  await claimLocalData(db, USER);
});
afterEach(async () => {
  await db.delete();
});

const photo = () => savePhoto(db, USER, jpegBytes(7), 'image/jpeg', { compress: null });

describe('completing a round on the device', () => {
  it('queues the completion, then the linked report of a failed item with its own photo copy', async () => {
    const shot = await photo();
    const id = newId();
    const input = {
      id,
      userId: USER,
      template,
      date: '2026-12-03',
      note: '',
      startedAt: null,
      answers: [
        { item_id: 'floor', value: 'fail', note: 'Genangan dekat wastafel', photos: [shot] },
        { item_id: 'soap', value: 2, note: '', photos: [] },
      ],
      raise: [{ itemId: 'floor', areaId: AREA }],
    };
    const result = await completeRound(input, NOW, db);
    expect(result.kind).toBe('queued');

    const entries = (await db.outbox.toArray()).map((e) => e.mutation);
    expect(entries.map((m) => m.name)).toEqual(['round.complete', 'report.create', 'photo.attach']);
    const [complete, create, attach] = entries;
    expect(complete?.args).toMatchObject({
      id,
      template_id: template.id,
      template_version: 2,
      occurrence_date: '2026-12-03',
      answers: [
        { item_id: 'floor', value: 'fail', note: 'Genangan dekat wastafel', photos: [shot.id] },
        { item_id: 'soap', value: 2, photos: [] },
      ],
    });
    expect(create?.args).toMatchObject({
      area_id: AREA,
      work_type: 'cleaning',
      unassigned: true,
      round_completion_id: id,
      round_item_id: 'floor',
    });
    expect(String((create?.args as { description: string }).description)).toContain(
      'Lantai kering',
    );
    // The report's photo is a copy of the same bytes under its own id.
    const copyId = (attach?.args as { id: string }).id;
    expect(copyId).not.toBe(shot.id);
    expect((await db.photos.get(copyId))?.sha256).toBe(shot.sha256);
    // The completion waits for its photo's upload.
    const first = (await db.outbox.toArray())[0];
    expect(first?.photo_ids).toEqual([shot.id]);

    // Shown done at once, offline: the device's own row.
    expect(await db.round_completions.get(id)).toMatchObject({
      occurrence_id: `${template.id}:2026-12-03`,
      closing: true,
    });

    // The report shows at once, linked to the round (decision 030).
    const reportId = (create?.args as { id: string }).id;
    expect(await db.reports.get(reportId)).toMatchObject({
      round_completion_id: id,
      round_item_id: 'floor',
    });

    // A second tap queues nothing again.
    await completeRound(input, NOW, db);
    expect(await db.outbox.count()).toBe(3);
  });

  it('refuses answers the checklist does not accept, and queues nothing', async () => {
    const result = await completeRound(
      {
        id: newId(),
        userId: USER,
        template,
        date: '2026-12-03',
        note: '',
        startedAt: null,
        answers: [{ item_id: 'floor', value: 'maybe', note: '', photos: [] }],
        raise: [],
      },
      NOW,
      db,
    );
    expect(result.kind).toBe('refused');
    expect(await db.outbox.count()).toBe(0);
  });

  it('raises a report later from a failed item of a completion, linked to it', async () => {
    const shot = await photo();
    const id = newId();
    const done = await completeRound(
      {
        id,
        userId: USER,
        template,
        date: '2026-12-03',
        note: '',
        startedAt: null,
        answers: [
          { item_id: 'floor', value: 'fail', note: '', photos: [shot] },
          { item_id: 'soap', value: 1, note: '', photos: [] },
        ],
        raise: [],
      },
      NOW,
      db,
    );
    if (done.kind !== 'queued') throw new Error('not queued');
    const reportId = await raiseReportFrom(USER, template, done.completion, 'floor', AREA, NOW, db);
    expect(reportId).not.toBeNull();
    const names = (await db.outbox.toArray()).map((e) => e.mutation.name);
    expect(names).toEqual(['round.complete', 'report.create', 'photo.attach']);
    expect(await db.reports.get(reportId ?? '')).toMatchObject({
      area_id: AREA,
      status: 'pending',
    });
  });
});
