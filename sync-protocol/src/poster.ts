import { z } from './zod.js';
import { code } from './error-codes.js';
import { STORABLE_TEXT, TEXT_LIMITS } from './limits.js';

/*
 * The public form behind an area's QR poster: a problem reported by someone without an account
 * (docs/decisions/029-public-problem-form.md). The poster names its area by an unguessable token,
 * never by the area's id; the page learns the school's and the area's names and nothing else, and
 * a filed problem is answered with a short reference and nothing else.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, code('text_too_long'))
    .regex(STORABLE_TEXT, code('text_unstorable'))
    .optional()
    .nullable()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

/** The form's text fields; the optional photo travels beside them in the same multipart body. */
export const posterReportInputSchema = z.object({
  description: z
    .string({ error: code('problem_required') })
    .trim()
    .min(1, code('problem_required'))
    .max(TEXT_LIMITS.posterProblem, code('text_too_long'))
    .regex(STORABLE_TEXT, code('text_unstorable')),
  name: optionalText(TEXT_LIMITS.personName),
  contact: optionalText(TEXT_LIMITS.posterContact),
});
export type PosterReportInput = z.infer<typeof posterReportInputSchema>;

/** What the public page may know of a poster: two names and whether the school takes reports. */
export const posterInfoSchema = z
  .object({
    school_name: z.string(),
    area_name: z.string(),
    open: z.boolean(),
  })
  .strict();
export type PosterInfo = z.infer<typeof posterInfoSchema>;

/** A filed problem's whole answer. */
export const posterReceiptSchema = z.object({ reference: z.string() }).strict();
export type PosterReceipt = z.infer<typeof posterReceiptSchema>;

/** The admin's posters screen: the school's switch and a token per active area. */
export const posterSheetSchema = z.object({
  enabled: z.boolean(),
  school_name: z.string(),
  posters: z.array(
    z.object({
      area_id: z.string(),
      area_name: z.string(),
      token: z.string(),
    }),
  ),
});
export type PosterSheet = z.infer<typeof posterSheetSchema>;

/** The admin switching the public form on or off for the school. */
export const posterSettingsInputSchema = z
  .object({ enabled: z.boolean({ error: code('active_not_boolean') }) })
  .strict();
export type PosterSettingsInput = z.infer<typeof posterSettingsInputSchema>;

export const posterTokenAnswerSchema = z.object({ area_id: z.string(), token: z.string() });
export type PosterTokenAnswer = z.infer<typeof posterTokenAnswerSchema>;
