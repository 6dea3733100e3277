import { z } from '../zod.js';
import { code } from '../error-codes.js';
import { issueReason } from '../errors.js';
import { MIN_PASSWORD_LENGTH, STORABLE_TEXT, TEXT_LIMITS } from '../limits.js';
import { accountRoleSchema, roleSchema } from '../roles.js';

import { LANGUAGES, THEMES } from '../vocabulary.js';

export { LANGUAGES, THEMES, type Language, type Theme } from '../vocabulary.js';
export const themeSchema = z.enum(THEMES, {
  error: code('theme_invalid'),
});
export const languageSchema = z.enum(LANGUAGES, { error: code('language_invalid') });

/** The user object every auth answer carries. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: accountRoleSchema,
  preferred_theme: themeSchema,
  preferred_language: languageSchema,
  photo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The signed-in user's school, for the footer and proof sheets: on the answers about oneself
   * only (sign-in, `/api/user`, the pull's `me`, the profile), null for a district
   * administrator, absent from older servers and from lists of users.
   */
  school_name: z.string().nullable().optional(),
  /**
   * The school's calendar as minutes east of UTC (the server's SCHOOL_UTC_OFFSET: WIB 420), on
   * the same answers as `school_name`: the device reckons every job date (overdue, `/tasks`'
   * today) in it rather than in its own zone. Absent from older servers.
   */
  school_utc_offset: z.number().int().min(-720).max(840).optional(),
});
export type User = z.infer<typeof userSchema>;

const trimmed = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, code('text_too_long'))
    .regex(STORABLE_TEXT, code('text_unstorable'));

export const nameField = trimmed(TEXT_LIMITS.personName, code('name_required'));
export const emailField = z
  .string({ error: code('email_required') })
  .trim()
  .toLowerCase()
  .min(1, code('email_required'))
  .max(TEXT_LIMITS.email, code('text_too_long'))
  .pipe(z.email({ error: code('email_invalid') }));
/** Digits, spaces, +, -, parentheses: what people type for an Indonesian or international number. */
export const phoneField = z
  .string()
  .trim()
  .max(TEXT_LIMITS.phone, code('text_too_long'))
  .regex(/^[+()\d\s-]*$/, code('phone_invalid'));
export const newPasswordField = z
  .string({ error: code('password_required') })
  .min(MIN_PASSWORD_LENGTH, code('password_too_short'))
  .max(TEXT_LIMITS.password, code('text_too_long'));

/**
 * The confirmation check runs even when other fields failed, so the form shows every problem
 * at once (zod skips object refinements after a field error unless told when to run them).
 */
const confirmationMatches = {
  message: code('password_mismatch'),
  path: ['password_confirmation'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | null;
    return (
      typeof value?.['password'] === 'string' && typeof value['password_confirmation'] === 'string'
    );
  },
};
const passwordsMatch = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;

export const loginInputSchema = z.object({
  email: emailField,
  password: z.string({ error: code('password_required') }).min(1, code('password_required')),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField.optional().nullable(),
    password: newPasswordField,
    password_confirmation: z.string({ error: code('password_confirmation_required') }),
    /**
     * The school's registration code (from its registration link); needed only when the
     * deployment has more than one active school.
     */
    school_code: z.string().trim().max(64, code('text_too_long')).optional().nullable(),
  })
  .refine(passwordsMatch, confirmationMatches);
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const passwordChangeInputSchema = z
  .object({
    current_password: z
      .string({ error: code('current_password_required') })
      .min(1, code('current_password_required')),
    password: newPasswordField,
    password_confirmation: z.string({ error: code('password_confirmation_required') }),
  })
  .refine(passwordsMatch, confirmationMatches);
export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;

export const preferencesInputSchema = z
  .object({
    preferred_theme: themeSchema.optional(),
    preferred_language: languageSchema.optional(),
  })
  .strict()
  .refine((v) => v.preferred_theme !== undefined || v.preferred_language !== undefined, {
    message: code('preferences_empty'),
  });
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;

/** Text fields of `POST /api/profile`; only the fields sent are changed. The photo travels beside them. */
export const profileInputSchema = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  phone: phoneField.optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** An admin creating a user: password with confirmation, phone optional. */
export const adminUserCreateSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField.optional().nullable(),
    role: roleSchema,
    password: newPasswordField,
    password_confirmation: z.string({ error: code('password_confirmation_required') }),
  })
  .refine(passwordsMatch, confirmationMatches);
export type AdminUserCreateInput = z.infer<typeof adminUserCreateSchema>;

/** An admin editing a user: a blank (or absent) password or phone means unchanged. */
export const adminUserUpdateSchema = z
  .object({
    name: nameField.optional(),
    email: emailField.optional(),
    phone: phoneField.optional().nullable(),
    role: roleSchema.optional(),
    password: z.string().optional().nullable(),
    password_confirmation: z.string().optional().nullable(),
  })
  .superRefine((value, ctx) => {
    const password = value.password ?? '';
    if (password === '') return;
    const parsed = newPasswordField.safeParse(password);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { code: message, params } = issueReason(issue);
        ctx.addIssue({ code: 'custom', path: ['password'], message, ...(params && { params }) });
      }
    }
    if (password !== (value.password_confirmation ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: code('password_mismatch'),
      });
    }
  });
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;
