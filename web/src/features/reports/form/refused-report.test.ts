import { describe, expect, it } from 'vitest';
import { newId, type Report, type ReportPhoto } from '@urs/sync-protocol';
import {
  photoRow,
  refusedEntry,
  refusedPhotoAttach,
  refusedReportCreate,
} from '../../../test/sync-fixtures.js';
import { creationRefused, planResend, refusalReason, refusedEntriesOf } from './refused-report.js';
import type { FormPhoto, ReportFormValues } from './report-form-state.js';
import { ownJob } from '../../../test/report.js';

const AT = '2026-11-20T00:00:00.000Z';
const NOW = new Date('2026-11-23T03:00:00.000Z');
const SHA = 'b'.repeat(64);

const REPORTER = newId();
const report: Report = {
  id: newId(),
  reporter_id: REPORTER,
  area_id: newId(),
  category_id: null,
  work_type: 'cleaning',
  description: 'Daun menumpuk di taman depan',
  status: 'pending',
  admin_note: null,
  reported_at: AT,
  created_at: AT,
  updated_at: AT,
  ...ownJob(REPORTER),
};
const [first, second] = [0, 1].map((position) =>
  photoRow(report.id, AT, { sha256: SHA, position }),
) as [ReportPhoto, ReportPhoto];
const asForm = (row: ReportPhoto): FormPhoto => ({ ...row, attached: true });

const refused = refusedEntry;

const create = refusedReportCreate(report.id);
const refusedAttach = (photo: ReportPhoto) => refusedPhotoAttach(photo.id, report.id);
const [attachFirst, attachSecond] = [refusedAttach(first), refusedAttach(second)];
const otherReport = refused('report.create', 'reports', newId(), {}, 'Lain.');
const item = refused('item.create', 'inventory_items', newId(), {}, 'Barang.');

const fixedValues: ReportFormValues = {
  area_id: newId(),
  category_id: '',
  work_type: 'cleaning',
  description: report.description,
  status: 'pending',
};

describe('a refused report', () => {
  it('gathers its own refusal and its photos’, not another record’s', () => {
    const all = [attachFirst, otherReport, create, item, attachSecond];
    expect(refusedEntriesOf(all, report.id, new Set()).map((e) => e.id)).toEqual([
      attachFirst.id,
      create.id,
      attachSecond.id,
    ]);
  });

  it('gives the report’s own reason before its photos’', () => {
    expect(refusalReason([attachFirst, create])).toBe('Area tidak ditemukan.');
    expect(refusalReason([attachFirst])).toBe('Laporan tidak ditemukan.');
    expect(refusalReason([])).toBeNull();
  });

  it('is created again with the corrected fields, every photo in the form and its first filing time', () => {
    const entries = [create, attachFirst, attachSecond];
    expect(creationRefused(entries)).toBe(true);
    const plan = planResend({
      report,
      serverReport: null,
      refused: entries,
      values: fixedValues,
      photos: [asForm(first), asForm(second)],
      existingPhotos: [first, second],
      actorId: REPORTER,
      now: NOW,
    });
    expect(plan.map((step) => step.name)).toEqual([
      'report.create',
      'photo.attach',
      'photo.attach',
    ]);
    // Filed on the 20th; corrected and sent again on the 23rd: still the 20th's work.
    expect(plan[0]?.args).toMatchObject({
      id: report.id,
      area_id: fixedValues.area_id,
      reported_at: AT,
    });
    expect(plan[0]?.optimistic[0]).toMatchObject({ row: { reported_at: AT } });
    expect(plan.slice(1).map((step) => (step.args as { id: string }).id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('makes a refused change again against the server’s version, re-attaching refused photos', () => {
    const update = refused(
      'report.update',
      'reports',
      report.id,
      { id: report.id, area_id: newId() },
      'Area tidak ditemukan.',
    );
    const plan = planResend({
      report: { ...report, area_id: newId() },
      serverReport: report,
      refused: [update, attachSecond],
      values: fixedValues,
      photos: [asForm(first), asForm(second)],
      existingPhotos: [first, second],
      actorId: REPORTER,
      now: NOW,
    });
    expect(plan.map((step) => step.name)).toEqual(['report.update', 'photo.attach']);
    expect(plan[0]?.args).toEqual({ id: report.id, area_id: fixedValues.area_id });
    expect((plan[1]?.args as { id: string }).id).toBe(second.id);
  });
});
