import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors.js';
import { roleLabel } from '../roles.js';
import {
  adminUserUpdateSchema,
  preferencesInputSchema,
  registerInputSchema,
  userSchema,
} from './user.js';

describe('user contract', () => {
  it('labels roles as the spec says, with Pengguna for anything else', () => {
    expect(
      ['admin', 'custodian', 'technician', 'gardener', 'inventory_staff'].map(roleLabel),
    ).toEqual(['Administrator', 'Custodian', 'Teknisi', 'Gardener', 'Staf Inventori']);
    expect(roleLabel('janitor')).toBe('Pengguna');
    expect(roleLabel(undefined)).toBe('Pengguna');
    expect(roleLabel('toString')).toBe('Pengguna');
  });

  it('reports every registration problem at once, keyed by field', () => {
    const result = registerInputSchema.safeParse({
      name: '',
      email: 'x',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: ['Nama wajib diisi.'],
      email: ['Format email tidak valid.'],
      password: ['Password minimal 8 karakter.'],
      password_confirmation: ['Konfirmasi password tidak cocok.'],
    });
  });

  it('normalises email case and whitespace', () => {
    const parsed = registerInputSchema.parse({
      name: ' Siti ',
      email: ' Siti@Sekolah.TEST ',
      password: 'rahasia123',
      password_confirmation: 'rahasia123',
    });
    expect(parsed).toMatchObject({ name: 'Siti', email: 'siti@sekolah.test' });
  });

  it('accepts only the three themes and two languages, and nothing else in preferences', () => {
    expect(preferencesInputSchema.safeParse({ preferred_theme: 'cream' }).success).toBe(true);
    expect(preferencesInputSchema.safeParse({ preferred_language: 'en' }).success).toBe(true);
    expect(preferencesInputSchema.safeParse({ preferred_theme: 'blue' }).success).toBe(false);
    expect(preferencesInputSchema.safeParse({ preferred_language: 'fr' }).success).toBe(false);
    expect(preferencesInputSchema.safeParse({ preferred_theme: 'dark', extra: 1 }).success).toBe(
      false,
    );
    expect(preferencesInputSchema.safeParse({}).success).toBe(false);
  });

  it('treats a blank password on admin edit as unchanged, and checks a non-blank one', () => {
    expect(adminUserUpdateSchema.safeParse({ password: '', phone: '' }).success).toBe(true);
    expect(adminUserUpdateSchema.safeParse({ password: null }).success).toBe(true);
    const short = adminUserUpdateSchema.safeParse({
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(short.success).toBe(false);
    const mismatch = adminUserUpdateSchema.safeParse({
      password: 'abcdefgh',
      password_confirmation: 'x',
    });
    expect(mismatch.success).toBe(false);
  });

  it('describes the user object every auth answer carries', () => {
    const user = {
      id: '0190a0a0-0000-7000-8000-000000000000',
      name: 'A',
      email: 'a@b.c',
      phone: null,
      role: 'gardener',
      preferred_theme: 'dark',
      preferred_language: 'id',
      photo_url: null,
      created_at: '2026-11-22T00:00:00.000Z',
      updated_at: '2026-11-22T00:00:00.000Z',
    };
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, role: 'janitor' }).success).toBe(false);
  });
});
