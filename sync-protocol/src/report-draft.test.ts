import { describe, expect, it } from 'vitest';
import { REPORT_DRAFT_VERSION, reportDraftSchema } from './report-draft.js';

const photo = {
  id: 'p1',
  kind: 'after',
  sha256: 'a'.repeat(64),
  mime_type: 'image/jpeg',
  size_bytes: 9,
};
const values = {
  area_id: 'a1',
  category_id: '',
  work_type: 'repair',
  description: 'Keran bocor',
  status: 'pending',
};

describe('reportDraftSchema', () => {
  it('reads a draft written before drafts carried a version as the current shape', () => {
    const old = { values, photos: [photo], saved_at: '2026-11-20T01:00:00.000Z' };
    expect(reportDraftSchema.parse(old)).toEqual(old);
  });

  it('keeps the "for someone else to fix" switch, and drops a value that is not one', () => {
    const kept = reportDraftSchema.parse({ values: { ...values, unassigned: true }, photos: [] });
    expect(kept.values.unassigned).toBe(true);
    const bad = reportDraftSchema.parse({ values: { ...values, unassigned: 'ya' }, photos: [] });
    expect(bad.values).toEqual(values);
  });

  it('refuses a draft written by a newer app instead of guessing at its fields', () => {
    const newer = { version: REPORT_DRAFT_VERSION + 1, values, photos: [], saved_at: '' };
    expect(reportDraftSchema.safeParse(newer).success).toBe(false);
  });

  it('refuses a draft without form values or a photo list', () => {
    expect(reportDraftSchema.safeParse({ photos: [] }).success).toBe(false);
    expect(reportDraftSchema.safeParse({ values, photos: 'p1' }).success).toBe(false);
  });

  it('keeps the attached flag only when it is true', () => {
    const draft = reportDraftSchema.parse({
      values,
      photos: [
        { ...photo, attached: true },
        { ...photo, id: 'p2', attached: false },
      ],
    });
    expect(draft.photos).toEqual([
      { ...photo, attached: true },
      { ...photo, id: 'p2' },
    ]);
  });
});
