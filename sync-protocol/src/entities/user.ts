import { z } from '../zod.js';
import { MIN_PASSWORD_LENGTH } from '../limits.js';
import { roleSchema } from '../roles.js';

import { LANGUAGES, THEMES } from '../vocabulary.js';

export { LANGUAGES, THEMES, type Language, type Theme } from '../vocabulary.js';
export const themeSchema = z.enum(THEMES, {
  error: 'Tema harus salah satu dari: dark, light, cream.',
});
export const languageSchema = z.enum(LANGUAGES, { error: 'Bahasa harus salah satu dari: id, en.' });

/** The user object every auth answer carries. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  preferred_theme: themeSchema,
  preferred_language: languageSchema,
  photo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

const trimmed = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `Maksimal ${max} karakter.`);

export const nameField = trimmed(120, 'Nama wajib diisi.');
export const emailField = z
  .string({ error: 'Email wajib diisi.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email wajib diisi.')
  .max(190, 'Maksimal 190 karakter.')
  .pipe(z.email({ error: 'Format email tidak valid.' }));
/** Digits, spaces, +, -, parentheses: what people type for an Indonesian or international number. */
export const phoneField = z
  .string()
  .trim()
  .max(32, 'Maksimal 32 karakter.')
  .regex(/^[+()\d\s-]*$/, 'Nomor telepon hanya boleh berisi angka, spasi, +, -, dan tanda kurung.');
export const newPasswordField = z
  .string({ error: 'Password wajib diisi.' })
  .min(MIN_PASSWORD_LENGTH, `Password minimal ${MIN_PASSWORD_LENGTH} karakter.`)
  .max(200, 'Maksimal 200 karakter.');

/**
 * The confirmation check runs even when other fields failed, so the form shows every problem
 * at once (zod skips object refinements after a field error unless told when to run them).
 */
const confirmationMatches = {
  message: 'Konfirmasi password tidak cocok.',
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
  password: z.string({ error: 'Password wajib diisi.' }).min(1, 'Password wajib diisi.'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField.optional().nullable(),
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Konfirmasi password wajib diisi.' }),
  })
  .refine(passwordsMatch, confirmationMatches);
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const passwordChangeInputSchema = z
  .object({
    current_password: z
      .string({ error: 'Password saat ini wajib diisi.' })
      .min(1, 'Password saat ini wajib diisi.'),
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Konfirmasi password wajib diisi.' }),
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
    message: 'Kirim preferred_theme atau preferred_language.',
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
    password_confirmation: z.string({ error: 'Konfirmasi password wajib diisi.' }),
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
        ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
      }
    }
    if (password !== (value.password_confirmation ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'Konfirmasi password tidak cocok.',
      });
    }
  });
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;
