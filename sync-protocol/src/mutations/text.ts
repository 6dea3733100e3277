import { z } from '../zod.js';
import { code } from '../error-codes.js';
import { STORABLE_TEXT } from '../limits.js';

/** Text a person must write: trimmed, not empty, bounded, storable on both engines. */
export const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, code('text_too_long'))
    .regex(STORABLE_TEXT, code('text_unstorable'));

/** Text a person may leave out: absent stays absent, empty or null becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, code('text_too_long'))
    .regex(STORABLE_TEXT, code('text_unstorable'))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
