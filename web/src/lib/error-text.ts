import {
  ERROR_TEXTS_ID,
  fillErrorText,
  isErrorCode,
  placeholdersOf,
  type ErrorCode,
  type ErrorReason,
  type ErrorText,
  type FieldReasons,
  type Language,
  type MutationResult,
} from '@urs/sync-protocol';
import type { ERROR_TEXTS_EN } from './error-texts-en.js';
import { splitTextPairs } from './text-pairs.js';

/*
 * The one place a refusal's code becomes text. Contract and server codes read their
 * Indonesian from the contract itself (the spec's wording, never restated here) and their
 * English from error-texts-en.ts; a few failures only the device can have live below. Kept free
 * of i18next: the sync engine and the service worker use it too, so the language is read from
 * <html lang>, which applyLanguage keeps current.
 */

const DEVICE_TEXTS = splitTextPairs({
  storage_full: [
    'Penyimpanan perangkat penuh. Hapus data lama atau foto, lalu coba lagi.',
    'Device storage is full. Delete old data or photos, then try again.',
  ],
  photo_hash_unavailable: [
    'Browser menolak menghitung hash foto. Buka aplikasi melalui HTTPS.',
    'The browser refused to hash the photo. Open the app over HTTPS.',
  ],
  network_unreachable: [
    'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.',
    'Cannot reach the server. Check your internet connection.',
  ],
  // The server was reached and began to answer: not a matter of the connection settings.
  download_interrupted: [
    'Unduhan terputus sebelum selesai. Silakan coba lagi.',
    'The download was cut off before it finished. Please try again.',
  ],
  photo_upload_failed: [
    'Foto tidak dapat diunggah: {detail}',
    'The photo could not be uploaded: {detail}',
  ],
  session_mismatch: [
    'Sesi tidak cocok dengan pengguna di perangkat ini. Silakan masuk kembali.',
    'This session belongs to another user than the one on this device. Please sign in again.',
  ],
  cursor_moved: [
    'Cursor berubah selama sinkronisasi; coba lagi.',
    'Another sign-in on this device interrupted the sync; try again.',
  ],
  answer_unrecognised: [
    'Jawaban server tidak dikenali.',
    "The server's answer was not recognised.",
  ],
  // A refusal fixed or discarded in another tab, or by a second tap, is no longer there.
  refusal_gone: [
    'Perubahan ini tidak ditemukan atau tidak sedang ditolak.',
    'This change is not found or is no longer refused.',
  ],
});
export type DeviceErrorCode = keyof typeof DEVICE_TEXTS.id;
export const DEVICE_ERROR_CODES = Object.keys(DEVICE_TEXTS.id) as readonly DeviceErrorCode[];

/** Short toast titles of the photo problems (spec §5: 'File terlalu besar'). */
const TITLES = splitTextPairs({
  image_too_large: ['File terlalu besar', 'File too large'],
  image_type_unsupported: ['Format tidak didukung', 'Unsupported format'],
  photo_hash_unavailable: ['Tidak dapat memproses foto', 'Could not process the photo'],
});
export type TitledErrorCode = keyof typeof TITLES.id;

/**
 * The English of the contract's codes, loaded when English is first asked for: a first visit
 * (in Indonesian, the default) does not download it before the login screen. Until it is here,
 * a code reads in Indonesian, the spec's language; applyLanguage asks for it as English is
 * chosen, so in practice it is loaded before any answer needs it.
 */
let english: typeof ERROR_TEXTS_EN | undefined;
let englishLoading: Promise<void> | undefined;

export function loadEnglishErrorTexts(): Promise<void> {
  englishLoading ??= import('./error-texts-en.js').then(
    (module) => {
      english = module.ERROR_TEXTS_EN;
    },
    (err: unknown) => {
      englishLoading = undefined; // a chunk that failed to load is asked for again next time
      throw err;
    },
  );
  return englishLoading;
}

function contractText(code: ErrorCode, language: Language): ErrorText {
  if (language === 'en' && english === undefined) void loadEnglishErrorTexts().catch(() => {});
  return language === 'en' && english !== undefined ? english[code] : ERROR_TEXTS_ID[code];
}

export function currentLanguage(): Language {
  return typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'id';
}

const isDeviceCode = (code: string): code is DeviceErrorCode =>
  Object.hasOwn(DEVICE_TEXTS.id, code);

/**
 * A reason in the user's language. A code this build does not know (a newer server's), or one
 * without the params its text needs, shows `fallback`, the server's own message, when there is one.
 */
export function errorText(
  reason: ErrorReason,
  fallback?: string,
  language: Language = currentLanguage(),
): string {
  const { code, params } = reason;
  const complete =
    isErrorCode(code) && placeholdersOf(code).every((name) => params?.[name] !== undefined);
  if (isErrorCode(code) && (complete || fallback === undefined)) {
    return fillErrorText(contractText(code, language), params, language);
  }
  if (isDeviceCode(code)) return fillErrorText(DEVICE_TEXTS[language][code], params, language);
  return fallback ?? errorText({ code: 'invalid' }, undefined, language);
}

export function errorTitle(code: TitledErrorCode, language: Language = currentLanguage()): string {
  return TITLES[language][code];
}

/** Field reasons as the per-field texts a form shows. */
export function fieldTexts(
  fields: FieldReasons,
  language: Language = currentLanguage(),
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, reasons]) => [
      key,
      reasons.map((reason) => errorText(reason, undefined, language)),
    ]),
  );
}

/** A refusal as per-field texts; one that names no field goes under `_`. */
export function refusalTexts(
  fields: FieldReasons | undefined,
  reason: ErrorReason,
  language: Language = currentLanguage(),
): Record<string, string[]> {
  return fields !== undefined && Object.keys(fields).length > 0
    ? fieldTexts(fields, language)
    : { _: [errorText(reason, undefined, language)] };
}

/** The server's refusal of a queued change, as the outbox keeps it. */
type Rejection = Pick<
  Extract<MutationResult, { status: 'rejected' }>,
  'message' | 'errors' | 'reason' | 'field_reasons'
>;

/** Why a queued change was refused, in the user's language (its message from an older server). */
export function rejectionText(result: Rejection | undefined): string {
  if (result === undefined) return '';
  return result.reason === undefined ? result.message : errorText(result.reason, result.message);
}

/** A refused change's per-field texts, for its form; one that names no field goes under `_`. */
export function rejectionFields(result: Rejection | undefined): Record<string, string[]> {
  if (result === undefined) return {};
  const fields = localFieldTexts(result.errors, result.field_reasons);
  return Object.keys(fields).length > 0 ? fields : { _: [rejectionText(result)] };
}

/**
 * Per-field texts in the user's language: each field's reasons where the answer has them, with
 * the server's own text for that field as the fallback of a code this build does not know.
 */
export function localFieldTexts(
  texts: Record<string, readonly string[]> | undefined,
  reasons: FieldReasons | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(texts ?? {})) out[name] = [...list];
  for (const [name, list] of Object.entries(reasons ?? {})) {
    const fallbacks = texts?.[name] ?? [];
    out[name] = list.map((reason, i) => errorText(reason, fallbacks[i]));
  }
  return out;
}
