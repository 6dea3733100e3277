import type { ErrorReason, FieldReasons } from '@urs/sync-protocol';
import { errorText, errorTitle, fieldTexts, type TitledErrorCode } from '../lib/error-text.js';

/**
 * A mutation the contract refuses; nothing was written. `reason` and `fields` say why by code;
 * `message` and `errors` (keyed by field, for the form) are their texts in the user's language.
 */
export class MutationValidationError extends Error {
  override readonly name = 'MutationValidationError';
  readonly code: 'validation' | 'unknown_mutation';
  readonly reason: ErrorReason;
  readonly fields: FieldReasons;
  readonly errors: Record<string, string[]>;

  constructor(
    code: 'validation' | 'unknown_mutation',
    reason: ErrorReason,
    fields: FieldReasons = {},
  ) {
    super(errorText(reason));
    this.code = code;
    this.reason = reason;
    this.fields = fields;
    this.errors = fieldTexts(fields);
  }
}

/** IndexedDB ran out of quota. The transaction was aborted, so nothing partial was written. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';

  constructor(cause?: unknown) {
    super(errorText({ code: 'storage_full' }), { cause });
  }
}

export type PhotoProblem = 'too_large' | 'unsupported_type' | 'unavailable';

const PHOTO_REASONS = {
  too_large: 'image_too_large',
  unsupported_type: 'image_type_unsupported',
  unavailable: 'photo_hash_unavailable',
} as const satisfies Record<PhotoProblem, TitledErrorCode>;

/** A photo the device will not keep, with the spec's title and message for the toast. */
export class PhotoError extends Error {
  override readonly name = 'PhotoError';
  readonly problem: PhotoProblem;
  readonly reason: ErrorReason;
  readonly title: string;

  constructor(problem: PhotoProblem) {
    const code = PHOTO_REASONS[problem];
    super(errorText({ code }));
    this.problem = problem;
    this.reason = { code };
    this.title = errorTitle(code);
  }
}

/**
 * How Chromium says the disk itself is full, where the origin's quota (a share of the disk's
 * size, not of its free space) is far from reached: a DataError "Failed to write blobs
 * (IOError)" when a photo's bytes cannot be written, an UnknownError naming LevelDB's
 * FILE_ERROR_NO_SPACE for the rest. Seen on a phone-sized profile filled to its last KB; a
 * blob write fails for little else, and freeing space is the advice that helps.
 */
const DISK_FULL = /FILE_ERROR_NO_SPACE|Failed to write blobs/;

/**
 * Quota errors reach us in several wrappings: the DOMException itself, Dexie's
 * QuotaExceededError (`inner`), or an AbortError of the transaction whose `inner` is the quota
 * error (browsers often report quota only when the transaction commits). A full disk comes as
 * other errors (see DISK_FULL), in the same wrappings.
 */
export function isQuotaExceeded(err: unknown, depth = 0): boolean {
  if (depth > 5 || typeof err !== 'object' || err === null) return false;
  if (Reflect.get(err, 'name') === 'QuotaExceededError') return true;
  const message: unknown = Reflect.get(err, 'message');
  if (typeof message === 'string' && DISK_FULL.test(message)) return true;
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
