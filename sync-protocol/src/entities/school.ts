import { z } from '../zod.js';
import { code } from '../error-codes.js';
import { STORABLE_TEXT, TEXT_LIMITS } from '../limits.js';
import { emailField, nameField, newPasswordField, phoneField } from './user.js';

/*
 * The schools of a deployment as the district administrator manages them (issue 39,
 * docs/decisions/027-schools-as-tenants.md). A school's users never see these.
 */

const schoolName = z
  .string({ error: code('name_required') })
  .trim()
  .min(1, code('name_required'))
  .max(TEXT_LIMITS.referenceName, code('text_too_long'))
  .regex(STORABLE_TEXT, code('text_unstorable'));

/** An email domain as single sign-on sees it: lower case, no `@`. */
const ssoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, code('invalid'))
  .max(TEXT_LIMITS.email, code('text_too_long'))
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, code('invalid'));

export const schoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  registration_code: z.string().nullable(),
  sso_domains: z.array(z.string()),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** A new school and its first administrator, created together. */
export const schoolCreateSchema = z.object({
  name: schoolName,
  sso_domains: z.array(ssoDomain).max(20).optional(),
  admin: z.object({
    name: nameField,
    email: emailField,
    phone: phoneField.optional().nullable(),
    password: newPasswordField,
  }),
});
export type SchoolCreateInput = z.infer<typeof schoolCreateSchema>;

/**
 * Only the fields sent change: a rename, the SSO domains, deactivation (`active: false`) or
 * reactivation, and a new registration code (`new_registration_code: true`; the old one stops
 * working) or none (`registration_code: null`).
 */
export const schoolUpdateSchema = z
  .object({
    name: schoolName.optional(),
    sso_domains: z.array(ssoDomain).max(20).optional(),
    active: z.boolean({ error: code('active_not_boolean') }).optional(),
    new_registration_code: z.literal(true).optional(),
    registration_code: z.null().optional(),
  })
  .strict();
export type SchoolUpdateInput = z.infer<typeof schoolUpdateSchema>;

/**
 * A school as its own administrator sees it: enough to hand out its registration link
 * (`/register?school=<registration_code>`). `several_schools` says whether the deployment has
 * more than one active school; with one, registration needs no code and the app shows no school.
 */
export const ownSchoolSchema = z.object({
  name: z.string(),
  registration_code: z.string().nullable(),
  several_schools: z.boolean(),
});
export type OwnSchool = z.infer<typeof ownSchoolSchema>;

/**
 * One school in the district overview. `overdue_work`: open jobs past their due date in the
 * school's calendar (jobs.ts isOverdue; decision 028).
 */
export const schoolOverviewRowSchema = z.object({
  school_id: z.string(),
  name: z.string(),
  active: z.boolean(),
  staff: z.number().int(),
  reports_this_month: z.number().int(),
  open_work: z.number().int(),
  overdue_work: z.number().int(),
  requests_pending: z.number().int(),
  last_sync_at: z.string().nullable(),
});
export type SchoolOverviewRow = z.infer<typeof schoolOverviewRowSchema>;
