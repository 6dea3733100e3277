import { createHash } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@urs/sync-protocol';
import { sniffImageType } from '../lib/images.js';

/** A stored photo opened for reading: its bytes arrive as they are read, never all at once. */
export interface StoredPhoto {
  body: ReadableStream<Uint8Array>;
  sizeBytes: number;
}

/**
 * Where photo bytes live, addressed by their SHA-256: the local disk by default, an
 * S3-compatible bucket for a district (docs/decisions/008-photo-store.md). The interface is all
 * the rest of the API sees.
 */
export interface PhotoStore {
  /** Stores checked image bytes under their hash; storing the same bytes again changes nothing. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under this hash as a stream, or null when there are none. */
  open(sha256: string): Promise<StoredPhoto | null>;
  has(sha256: string): Promise<boolean>;
  /** Proves at start-up that the store is reachable and usable; throws a one-line ConfigError. */
  check(): Promise<void>;
}

/**
 * The photo store failed a request while the API runs (the bucket's server down or refusing,
 * the network to it gone). Answered 503 with one line in the log (middleware/errors.ts), not a
 * 500 with the SDK's stack: the operator has a store to look at, and the device keeps the photo
 * and tries again later, as after any server error.
 */
export class PhotoStoreUnavailableError extends Error {
  override readonly name = 'PhotoStoreUnavailableError';
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The address and type of bytes about to be stored. Routes check uploads first and answer the
 * user; this is the stores' own guard, so no code path can write an object that is not an image.
 */
export function contentAddress(bytes: Uint8Array): { sha256: string; mimeType: string } {
  const mimeType = sniffImageType(bytes);
  if (mimeType === null || bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new Error('refusing to store bytes that are not a JPEG, PNG or WEBP of at most 10 MB');
  }
  return { sha256: sha256Hex(bytes), mimeType };
}
