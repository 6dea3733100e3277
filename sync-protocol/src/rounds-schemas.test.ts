import { describe, expect, it } from 'vitest';
import {
  answerIssues,
  roundCompleteArgs,
  roundPeriodQuerySchema,
  roundTemplateCreateSchema,
  roundTemplateInputSchema,
} from './rounds-schemas.js';
import { fieldReasons } from './errors.js';
import { checkMutation } from './mutations/validate.js';
import { newId } from './ids.js';

const template = () => ({
  title: 'Cek APAR bulanan',
  area_ids: [newId()],
  items: [
    { id: 'a1-pressure', label: 'APAR A1: tekanan', kind: 'number', unit: 'bar' },
    { id: 'a1-seal', label: 'APAR A1: segel utuh', kind: 'pass_fail_na', photo: 'on_fail' },
  ],
  assignee_role: 'technician',
  schedule: { kind: 'day_of_month', day: 1 },
  start_date: '2026-06-01',
  due_time: '10:00',
});

describe('roundTemplateInputSchema', () => {
  it('takes a template and fills its defaults', () => {
    const t = roundTemplateInputSchema.parse(template());
    expect(t).toMatchObject({
      category_id: null,
      work_type: null,
      assignee_user_id: null,
      end_date: null,
      items: [
        { unit: 'bar', photo: 'none' },
        { unit: null, photo: 'on_fail' },
      ],
    });
    expect(roundTemplateCreateSchema.parse({ ...template(), id: newId() }).title).toBe(
      'Cek APAR bulanan',
    );
  });

  it('refuses by code: no title, items, areas, assignee; both assignees; end before start', () => {
    const bad = roundTemplateInputSchema.safeParse({
      ...template(),
      title: ' ',
      items: [],
      area_ids: [],
      assignee_role: null,
      end_date: '2026-05-31',
    });
    expect(bad.success).toBe(false);
    if (bad.success) return;
    const reasons = fieldReasons(bad.error);
    expect(reasons['title']?.[0]?.code).toBe('round_title_required');
    expect(reasons['items']?.[0]?.code).toBe('round_items_required');
    expect(reasons['area_ids']?.[0]?.code).toBe('round_areas_required');
    const both = roundTemplateInputSchema.safeParse({ ...template(), assignee_user_id: newId() });
    expect(both.success).toBe(false);
    if (!both.success) {
      expect(fieldReasons(both.error)['assignee_user_id']?.[0]?.code).toBe(
        'round_assignee_required',
      );
    }
    const backwards = roundTemplateInputSchema.safeParse({ ...template(), end_date: '2026-05-31' });
    expect(backwards.success).toBe(false);
    if (!backwards.success) {
      expect(fieldReasons(backwards.error)['end_date']?.[0]?.code).toBe('round_end_before_start');
    }
  });

  it('refuses a photo on fail for a number, repeated item ids and bad schedules', () => {
    const cases: [unknown, string, string][] = [
      [
        { items: [{ id: 'x', label: 'Suhu', kind: 'number', photo: 'on_fail' }] },
        'items.0.photo',
        'round_on_fail_kind',
      ],
      [
        {
          items: [
            { id: 'x', label: 'A', kind: 'text' },
            { id: 'x', label: 'B', kind: 'text' },
          ],
        },
        'items',
        'round_item_ids_repeated',
      ],
      [
        { schedule: { kind: 'weekdays', weekdays: [] } },
        'schedule.weekdays',
        'round_weekdays_required',
      ],
      [{ schedule: { kind: 'every_n_days', n: 0 } }, 'schedule.n', 'round_interval_invalid'],
      [
        { schedule: { kind: 'every_n_weeks', n: 53, weekdays: [1] } },
        'schedule.n',
        'round_interval_invalid',
      ],
      [{ schedule: { kind: 'after_completion', n: 1.5 } }, 'schedule.n', 'round_interval_invalid'],
      [
        { schedule: { kind: 'day_of_month', day: 32 } },
        'schedule.day',
        'round_day_of_month_invalid',
      ],
      [{ start_date: '2027-02-29' }, 'start_date', 'date_invalid'],
      [{ due_time: '24:00' }, 'due_time', 'due_time_invalid'],
    ];
    for (const [over, path, code] of cases) {
      const r = roundTemplateInputSchema.safeParse({ ...template(), ...(over as object) });
      expect(r.success, path).toBe(false);
      if (!r.success) expect(fieldReasons(r.error)[path]?.[0]?.code, path).toBe(code);
    }
    const interval = roundTemplateInputSchema.safeParse({
      ...template(),
      schedule: { kind: 'every_n_days', n: 400 },
    });
    if (!interval.success) {
      expect(fieldReasons(interval.error)['schedule.n']?.[0]?.params).toEqual({ max: 365 });
    }
  });

  it('keeps weekdays once each, in order', () => {
    const t = roundTemplateInputSchema.parse({
      ...template(),
      schedule: { kind: 'weekdays', weekdays: [5, 1, 3, 1] },
    });
    expect(t.schedule).toEqual({ kind: 'weekdays', weekdays: [1, 3, 5] });
  });
});

describe('round.complete', () => {
  const args = () => ({
    id: newId(),
    template_id: newId(),
    template_version: 3,
    occurrence_date: '2026-12-03',
    completed_at: '2026-12-03T07:40:00+07:00',
    answers: [
      { item_id: 'a1-pressure', value: 8.5 },
      { item_id: 'a1-seal', value: 'fail', note: 'Segel putus', photos: [newId()] },
    ],
  });

  it('takes a completion and refuses a day that does not exist', () => {
    expect(checkMutation({ name: 'round.complete', args: args() }).ok).toBe(true);
    const bad = checkMutation({
      name: 'round.complete',
      args: { ...args(), occurrence_date: '2026-02-30' },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fields?.['occurrence_date']?.[0]?.code).toBe('date_invalid');
  });

  it('reads empty text as no answer, and its answers are judged by the contract`s rule', () => {
    const parsed = roundCompleteArgs.parse({
      ...args(),
      answers: [
        { item_id: 'a1-pressure', value: '' },
        { item_id: 'a1-seal', value: 'fail' },
      ],
    });
    expect(parsed.answers[0]?.value).toBeNull();
    expect(
      answerIssues(
        [
          { id: 'a1-pressure', kind: 'number', photo: 'none' },
          { id: 'a1-seal', kind: 'pass_fail_na', photo: 'on_fail' },
        ],
        parsed.answers,
      ),
    ).toEqual({
      'answers.a1-pressure': [{ code: 'round_answer_missing' }],
      'answers.a1-seal.photos': [{ code: 'round_photo_required' }],
    });
  });

  it('refuses more photos than an item takes', () => {
    const many = roundCompleteArgs.safeParse({
      ...args(),
      answers: [
        { item_id: 'a1-seal', value: 'fail', photos: [1, 2, 3, 4, 5, 6].map(() => newId()) },
      ],
    });
    expect(many.success).toBe(false);
  });
});

describe('roundPeriodQuerySchema', () => {
  it('takes a period and refuses one ending before it starts', () => {
    expect(roundPeriodQuerySchema.safeParse({ from: '2026-12-01', to: '2026-12-31' }).success).toBe(
      true,
    );
    expect(roundPeriodQuerySchema.safeParse({ from: '2026-12-31', to: '2026-12-01' }).success).toBe(
      false,
    );
  });
});
