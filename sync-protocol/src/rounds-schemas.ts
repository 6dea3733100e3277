import { z } from './zod.js';
import { code } from './error-codes.js';
import { TEXT_LIMITS } from './limits.js';
import { roleSchema } from './roles.js';
import { workTypeSchema } from './work.js';
import { isDueDate, isDueTime } from './jobs.js';
import { optionalText, requiredText } from './mutations/text.js';
import type { FieldReasons } from './errors.js';
import {
  ROUND_ITEM_KINDS,
  ROUND_LIMITS,
  ROUND_PHOTO_RULES,
  checkAnswers,
  dayNumber,
} from './rounds.js';

/*
 * The schemas of rounds (decision 030): a template as the admin writes it (REST) and as it
 * travels in the pull, a completion as a device pushes it (`round.complete`) and as it comes
 * back, and the compliance answers. The rules themselves are in rounds.ts.
 */

const uuid = z.uuid({ error: code('invalid_id') });
const iso = z.iso.datetime({ offset: true, error: code('invalid_time') });
const day = z.string({ error: code('date_invalid') }).refine(isDueDate, code('date_invalid'));
const dueTime = z
  .string({ error: code('due_time_invalid') })
  .refine(isDueTime, code('due_time_invalid'));
/** An item's id: stable across versions, chosen by the admin's form (a UUID or a short key). */
const itemId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, code('invalid_id'));
const weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1, code('round_weekdays_required'))
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
const interval = (max: number) =>
  z
    .number({ error: code('round_interval_invalid') })
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= max, {
      message: code('round_interval_invalid'),
      params: { max },
    });

export const roundScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('weekdays'), weekdays }),
  z.object({ kind: z.literal('every_n_days'), n: interval(ROUND_LIMITS.maxDays) }),
  z.object({ kind: z.literal('every_n_weeks'), n: interval(ROUND_LIMITS.maxWeeks), weekdays }),
  z.object({
    kind: z.literal('day_of_month'),
    day: z
      .number()
      .int()
      .min(1, code('round_day_of_month_invalid'))
      .max(31, code('round_day_of_month_invalid')),
  }),
  z.object({ kind: z.literal('after_completion'), n: interval(ROUND_LIMITS.maxDays) }),
]);
export type RoundScheduleInput = z.input<typeof roundScheduleSchema>;

export const roundItemSchema = z
  .object({
    id: itemId,
    label: requiredText(TEXT_LIMITS.roundItemLabel, code('round_item_label_required')),
    kind: z.enum(ROUND_ITEM_KINDS),
    /** A number's unit (`bar`, `°C`); null for the other kinds. */
    unit: optionalText(TEXT_LIMITS.unit).transform((v) => v ?? null),
    photo: z.enum(ROUND_PHOTO_RULES).default('none'),
  })
  .refine((i) => i.photo !== 'on_fail' || i.kind === 'pass_fail_na', {
    path: ['photo'],
    message: code('round_on_fail_kind'),
  });
export type RoundItemInput = z.input<typeof roundItemSchema>;

/**
 * A template as the admin saves it (`POST /api/rounds/templates`, and `PUT .../:id`, which
 * writes a new version with the whole definition). Exactly one of `assignee_user_id` and
 * `assignee_role`.
 */
export const roundTemplateInputSchema = z
  .object({
    title: requiredText(TEXT_LIMITS.roundTitle, code('round_title_required')),
    area_ids: z
      .array(z.uuid({ error: code('area_required') }))
      .min(1, code('round_areas_required'))
      .max(ROUND_LIMITS.areas)
      .transform((ids) => [...new Set(ids)]),
    category_id: uuid.nullable().default(null),
    work_type: workTypeSchema.nullable().default(null),
    items: z.array(roundItemSchema).min(1, code('round_items_required')).max(ROUND_LIMITS.items),
    assignee_user_id: z
      .uuid({ error: code('assignee_unknown') })
      .nullable()
      .default(null),
    assignee_role: roleSchema.nullable().default(null),
    schedule: roundScheduleSchema,
    start_date: day,
    end_date: day.nullable().default(null),
    due_time: dueTime.nullable().default(null),
  })
  .superRefine((t, ctx) => {
    if ((t.assignee_user_id === null) === (t.assignee_role === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['assignee_user_id'],
        message: code('round_assignee_required'),
      });
    }
    if (t.end_date !== null && dayNumber(t.end_date) < dayNumber(t.start_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: code('round_end_before_start') });
    }
    const ids = new Set(t.items.map((i) => i.id));
    if (ids.size !== t.items.length) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: code('round_item_ids_repeated') });
    }
  });
export type RoundTemplateInput = z.input<typeof roundTemplateInputSchema>;
export type RoundTemplateDefinition = z.output<typeof roundTemplateInputSchema>;
/** A create may name its id (the form chose it); without one the server picks a UUIDv7. */
export const roundTemplateCreateSchema = roundTemplateInputSchema.and(
  z.object({ id: uuid.optional() }),
);

/* ---- As rows travel in the pull and live on the device ---- */

const id = z.string().min(1);
const rowIso = z.string();

export const roundItemRecordSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(ROUND_ITEM_KINDS),
  unit: z.string().nullable(),
  photo: z.enum(ROUND_PHOTO_RULES),
});
export type RoundItem = z.infer<typeof roundItemRecordSchema>;

export const roundPauseSchema = z.object({ from: z.string(), to: z.string().nullable() });

/** A template as the pull sends it: its current version's definition, its pauses. */
export const roundTemplateSchema = z.object({
  id,
  created_at: rowIso,
  updated_at: rowIso,
  /** The current version (1, 2, ...): a completion names the one it answered. */
  version: z.number().int().positive(),
  title: z.string(),
  area_ids: z.array(id),
  category_id: id.nullable(),
  work_type: workTypeSchema.nullable(),
  items: z.array(roundItemRecordSchema),
  assignee_user_id: id.nullable(),
  assignee_role: roleSchema.nullable(),
  schedule: roundScheduleSchema,
  start_date: z.string(),
  end_date: z.string().nullable(),
  due_time: z.string().nullable(),
  paused: z.boolean(),
  pauses: z.array(roundPauseSchema),
  /** Set on the admin's REST list for an archived template; a device never holds one. */
  archived_at: rowIso.nullable().optional(),
});
export type RoundTemplate = z.infer<typeof roundTemplateSchema>;

/** One answer as stored: the item as the answered version had it, and the answer. */
export const roundAnswerRecordSchema = z.object({
  item_id: z.string(),
  label: z.string(),
  kind: z.enum(ROUND_ITEM_KINDS),
  unit: z.string().nullable(),
  photo: z.enum(ROUND_PHOTO_RULES),
  value: z.union([z.string(), z.number()]).nullable(),
  note: z.string().nullable(),
  /** Ids of uploaded photos (`GET /api/photos/:id`). */
  photos: z.array(z.string()),
});
export type RoundAnswer = z.infer<typeof roundAnswerRecordSchema>;

export const roundCompletionSchema = z.object({
  id,
  created_at: rowIso,
  updated_at: rowIso,
  template_id: id,
  template_version: z.number().int().positive(),
  occurrence_id: z.string(),
  occurrence_date: z.string(),
  completed_by: id,
  /** The device's clock when it was submitted, bounded on arrival (decision 012). */
  completed_at: rowIso,
  started_at: rowIso.nullable(),
  note: z.string().nullable(),
  answers: z.array(roundAnswerRecordSchema),
  /**
   * True: the first completion of its occurrence to reach the server, which closed it. False:
   * kept (someone had done it already): `closed_by_id` and `closed_at` say who and when.
   */
  closing: z.boolean(),
  closed_by_id: id.nullable(),
  closed_at: rowIso.nullable(),
  /** Who the round was for when it was done (from the answered version). */
  assignee_user_id: id.nullable(),
  assignee_role: roleSchema.nullable(),
});
export type RoundCompletion = z.infer<typeof roundCompletionSchema>;

/* ---- The push ---- */

export const roundAnswerArgs = z.object({
  item_id: itemId,
  value: z
    .union([
      z.number().refine(Number.isFinite, code('round_answer_invalid')),
      optionalText(TEXT_LIMITS.roundAnswer),
    ])
    .nullable(),
  note: optionalText(TEXT_LIMITS.roundNote),
  photos: z.array(uuid).max(ROUND_LIMITS.photosPerItem).default([]),
});

/**
 * `round.complete`: one occurrence done, with every answer. Idempotent by `id` (the device's);
 * the first to reach the server closes the occurrence, a later one is kept (decision 030).
 */
export const roundCompleteArgs = z.object({
  id: uuid,
  template_id: uuid,
  template_version: z.number().int().positive(),
  occurrence_date: day,
  completed_at: iso,
  started_at: iso.optional(),
  note: optionalText(TEXT_LIMITS.roundNote),
  answers: z.array(roundAnswerArgs).max(ROUND_LIMITS.items),
});

/**
 * The form's and the server's check of answers against the items they answer, as field reasons
 * (`answers.<item id>`, `answers.<item id>.photos`); empty when they may be submitted.
 */
export function answerIssues(
  items: readonly { id: string; kind: RoundItem['kind']; photo: RoundItem['photo'] }[],
  answers: z.output<typeof roundAnswerArgs>[],
): FieldReasons {
  const out: FieldReasons = {};
  const given = answers.map((a) => ({ ...a, value: a.value ?? null }));
  for (const issue of checkAnswers(items, given))
    (out[issue.path] ??= []).push({ code: issue.code });
  return out;
}

/* ---- Compliance (REST, admin) ---- */

export const roundPeriodQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => dayNumber(q.from) <= dayNumber(q.to), {
    path: ['to'],
    message: code('round_end_before_start'),
  });

export const complianceCountsSchema = z.object({
  on_time: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  missed: z.number().int().nonnegative(),
  /** Not done and its window still open: due today, or not yet due. */
  open: z.number().int().nonnegative(),
});
export type ComplianceCounts = z.infer<typeof complianceCountsSchema>;

/** `GET /api/rounds/compliance?from&to`. */
export const roundComplianceSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: complianceCountsSchema,
  by_template: z.array(
    complianceCountsSchema.extend({ template_id: z.string(), title: z.string() }),
  ),
  by_area: z.array(complianceCountsSchema.extend({ area_id: z.string(), name: z.string() })),
  /**
   * On time and late for whoever closed the occurrence; missed for the assignee: a user, or a
   * role (`user_id` null) when the round was for anyone of it.
   */
  by_person: z.array(
    complianceCountsSchema.extend({
      user_id: z.string().nullable(),
      role: roleSchema.nullable(),
      name: z.string(),
    }),
  ),
});
export type RoundCompliance = z.infer<typeof roundComplianceSchema>;

export const OCCURRENCE_STATUSES = ['on_time', 'late', 'missed', 'open'] as const;

/** `GET /api/rounds/calendar?month=YYYY-MM`: every occurrence of the month, and per day. */
export const roundCalendarSchema = z.object({
  month: z.string(),
  days: z.array(complianceCountsSchema.extend({ date: z.string() })),
  occurrences: z.array(
    z.object({
      occurrence_id: z.string(),
      template_id: z.string(),
      date: z.string(),
      status: z.enum(OCCURRENCE_STATUSES),
      completion_id: z.string().nullable(),
      completed_by: z.string().nullable(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type RoundCalendar = z.infer<typeof roundCalendarSchema>;
