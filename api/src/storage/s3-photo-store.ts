import { createHash } from 'node:crypto';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { ConfigError } from '../lib/config-error.js';
import {
  contentAddress,
  PhotoStoreUnavailableError,
  SHA256_HEX,
  type PhotoStore,
  type StoredPhoto,
} from './photo-store.js';

export interface S3PhotoStoreOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix ending in `/`, or empty: several deployments may share one bucket. */
  prefix: string;
  /** Where the bucket is, for start-up messages: `s3://bucket at http://minio:9000`. */
  description: string;
  /** Added when the endpoint cannot be reached: the likely fix for this configuration. */
  unreachableHint?: string;
}

const statusOf = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * Photos as objects `<prefix><first two hex digits>/<sha256>` in an S3-compatible bucket (AWS
 * S3, MinIO, R2) through the official SDK. The same layout as on disk, so moving a school's
 * photos into a bucket is a plain copy.
 */
export class S3PhotoStore implements PhotoStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly options: S3PhotoStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
  }

  private keyFor(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256 hex digest');
    return `${this.options.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  /**
   * One request to the bucket while the API runs. A missing object (404) is the caller's to
   * answer; any other failure is the store being unavailable, named for the operator as the
   * start-up check names it.
   */
  private async reach<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (statusOf(err) === 404) throw err;
      const why = whyUnusable(err, '');
      throw new PhotoStoreUnavailableError(`photo store ${this.options.description}: ${why}`, {
        cause: err,
      });
    }
  }

  async put(bytes: Uint8Array): Promise<string> {
    const { sha256, mimeType } = contentAddress(bytes);
    // A key names its bytes for good, so an object already there is this photo: HEAD first
    // spares resending up to 10 MB and a new version in a versioned bucket. Conditional PUT
    // would save the round trip but is uneven among S3-compatible stores (decision 008).
    if (await this.has(sha256)) return sha256;
    await this.reach(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.keyFor(sha256),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: mimeType,
          // The store recomputes it and refuses bytes damaged on the way. MD5, not the SDK's newer
          // checksum headers: R2 and other S3-compatible stores answer those 501 NotImplemented.
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
        }),
      ),
    );
    return sha256;
  }

  async open(sha256: string): Promise<StoredPhoto | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    try {
      const answer = await this.reach(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyFor(sha256) })),
      );
      if (answer.Body === undefined || answer.ContentLength === undefined) {
        throw new Error(`object ${this.keyFor(sha256)} came back without a body or length`);
      }
      // The SDK types its web stream loosely; an object body is bytes.
      const body = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      return { body, sizeBytes: answer.ContentLength };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async has(sha256: string): Promise<boolean> {
    if (!SHA256_HEX.test(sha256)) return false;
    try {
      await this.reach(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyFor(sha256) })),
      );
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  /**
   * The bucket answers, takes a write and gives it back: credentials that may only read passed
   * a HEAD and then failed every upload, and ones that may only write (no s3:GetObject) failed
   * every photo shown and every upload's HEAD. The probe is one tiny object beside the photos
   * (not a photo key, which is 64 hex digits), written again at each start; deleting it would
   * need a permission the store does not otherwise use.
   */
  async check(): Promise<void> {
    const fail = (err: unknown, needs?: string): never => {
      const why = whyUnusable(err, this.options.unreachableHint ?? '');
      const what =
        needs !== undefined && why.startsWith('access refused') ? `${why} (${needs})` : why;
      throw new ConfigError(`photo store ${this.options.description}: ${what}`);
    };
    const probe = { Bucket: this.bucket, Key: `${this.options.prefix}urs-write-check` };
    await this.client
      .send(new HeadBucketCommand({ Bucket: this.bucket }))
      .catch((err: unknown) => fail(err));
    await this.client
      .send(new PutObjectCommand({ ...probe, Body: 'ok', ContentType: 'text/plain' }))
      .catch((err: unknown) => fail(err, 'writing needs s3:PutObject'));
    await this.client
      .send(new HeadObjectCommand(probe))
      .catch((err: unknown) => fail(err, 'reading needs s3:GetObject'));
  }
}

/**
 * What an operator should fix, from a failed request (a HeadBucket answers with a status only;
 * at start-up a 404 is the bucket, later the object, which callers answer themselves).
 */
function whyUnusable(err: unknown, unreachableHint: string): string {
  const status = statusOf(err);
  if (status === 404) return 'the bucket does not exist';
  if (status === 403 || status === 401) {
    return 'access refused: check PHOTO_STORE_ACCESS_KEY_ID / PHOTO_STORE_SECRET_ACCESS_KEY and the bucket policy';
  }
  if (status === 301) return 'the bucket is in another region: set PHOTO_STORE_REGION';
  if (status !== undefined) return `the store answered HTTP ${status}`;
  if (err instanceof Error && err.name === 'CredentialsProviderError') {
    return 'no credentials: set PHOTO_STORE_ACCESS_KEY_ID and PHOTO_STORE_SECRET_ACCESS_KEY (or give the machine a role)';
  }
  const code = (err as { code?: unknown }).code;
  const detail = typeof code === 'string' ? code : err instanceof Error ? err.name : String(err);
  return `cannot reach the endpoint (${detail})${unreachableHint}`;
}
