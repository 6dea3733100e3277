import type { z } from './zod.js';

/** Every error body the API answers: `{ message, errors? }`, errors keyed by field. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export const ERROR_MESSAGES = {
  unauthenticated: 'Sesi tidak valid atau sudah berakhir. Silakan masuk kembali.',
  forbidden: 'Anda tidak memiliki akses ke fitur ini.',
  notFound: 'Data tidak ditemukan.',
  validation: 'Data yang dikirim tidak valid.',
  tooLarge: 'Data yang dikirim terlalu besar.',
  unsupportedMedia: 'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
  server: 'Terjadi kesalahan pada server. Silakan coba lagi.',
  invalidCredentials: 'Email atau password salah.',
  registrationClosed: 'Pendaftaran akun baru sedang ditutup. Hubungi administrator.',
  imageTooLarge: 'Ukuran gambar maksimal 10 MB.',
} as const;

/**
 * Turns a zod error into the `errors` object the UI shows per field.
 * Nested paths are joined with dots; issues without a path go under `_`.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
