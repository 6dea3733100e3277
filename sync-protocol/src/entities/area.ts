import { z } from '../zod.js';
import { code } from '../error-codes.js';
import { STORABLE_TEXT, TEXT_LIMITS } from '../limits.js';

const name = z
  .string({ error: code('name_required') })
  .trim()
  .min(1, code('name_required'))
  .max(TEXT_LIMITS.referenceName, code('text_too_long'))
  .regex(STORABLE_TEXT, code('text_unstorable'));
/** Descriptions are optional (spec section 5); blank is stored as null. */
const description = z
  .string()
  .trim()
  .max(TEXT_LIMITS.referenceDescription, code('text_too_long'))
  .regex(STORABLE_TEXT, code('text_unstorable'))
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

export const areaSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaCreateSchema = z.object({
  id: z.uuid({ error: code('invalid_id') }).optional(),
  name,
  description,
  active: z.boolean({ error: code('active_not_boolean') }).optional(),
});
export type AreaCreateInput = z.infer<typeof areaCreateSchema>;
export const areaUpdateSchema = areaCreateSchema.omit({ id: true }).partial();
export type AreaUpdateInput = z.infer<typeof areaUpdateSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryCreateSchema = z.object({
  id: z.uuid({ error: code('invalid_id') }).optional(),
  name,
  description,
});
export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;
export const categoryUpdateSchema = categoryCreateSchema.omit({ id: true }).partial();
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;
