import { ERROR_MESSAGES } from '@urs/sync-protocol';

/** A mutation the contract refuses; nothing was written. `errors` is keyed by field for the form. */
export class MutationValidationError extends Error {
  override readonly name = 'MutationValidationError';
  readonly code: 'validation' | 'unknown_mutation';
  readonly errors: Record<string, string[]>;

  constructor(
    message: string,
    code: 'validation' | 'unknown_mutation',
    errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
}

export const STORAGE_FULL_MESSAGE =
  'Penyimpanan perangkat penuh. Hapus data lama atau foto, lalu coba lagi.';

/** IndexedDB ran out of quota. The transaction was aborted, so nothing partial was written. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';

  constructor(cause?: unknown) {
    super(STORAGE_FULL_MESSAGE, { cause });
  }
}

export type PhotoProblem = 'too_large' | 'unsupported_type' | 'unavailable';

/** A photo the device will not keep, with the spec's title and message for the toast. */
export class PhotoError extends Error {
  override readonly name = 'PhotoError';
  readonly problem: PhotoProblem;
  readonly title: string;

  constructor(problem: PhotoProblem, title: string, message: string) {
    super(message);
    this.problem = problem;
    this.title = title;
  }
}

export const PHOTO_TOO_LARGE = {
  title: 'File terlalu besar',
  message: ERROR_MESSAGES.imageTooLarge,
} as const;
export const PHOTO_TYPE_UNSUPPORTED = {
  title: 'Format tidak didukung',
  message: ERROR_MESSAGES.unsupportedMedia,
} as const;

/**
 * Quota errors reach us in several wrappings: the DOMException itself, Dexie's
 * QuotaExceededError (`inner`), or an AbortError of the transaction whose `inner` is the quota
 * error (browsers often report quota only when the transaction commits).
 */
export function isQuotaExceeded(err: unknown, depth = 0): boolean {
  if (depth > 5 || typeof err !== 'object' || err === null) return false;
  if (Reflect.get(err, 'name') === 'QuotaExceededError') return true;
  const nested: unknown[] = [Reflect.get(err, 'inner'), Reflect.get(err, 'cause')];
  const failures: unknown = Reflect.get(err, 'failures');
  if (Array.isArray(failures)) nested.push(...failures.map((failure: unknown) => failure));
  return nested.some((inner) => isQuotaExceeded(inner, depth + 1));
}

/** Runs a local write and turns a quota failure into the message the user can act on. */
export async function withStorageGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaExceeded(err)) throw new StorageFullError(err);
    throw err;
  }
}
