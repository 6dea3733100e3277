import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env.js';
import { ConfigError } from '../lib/config-error.js';
import { DiskPhotoStore } from './disk-photo-store.js';
import type { PhotoStore } from './photo-store.js';
import { S3PhotoStore } from './s3-photo-store.js';

/** `s3://bucket/some/prefix` -> bucket and a key prefix ending in `/` (or empty). */
export function parsePhotoStoreUrl(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (match === null) throw new ConfigError(`PHOTO_STORE ${url} is not s3://bucket[/prefix]`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1] ?? '', prefix: prefix === '' ? '' : `${prefix}/` };
}

/** The settings of a bucket, which mean nothing without PHOTO_STORE naming one. */
const BUCKET_SETTINGS = [
  'PHOTO_STORE_ENDPOINT',
  'PHOTO_STORE_REGION',
  'PHOTO_STORE_ACCESS_KEY_ID',
  'PHOTO_STORE_SECRET_ACCESS_KEY',
  'PHOTO_STORE_FORCE_PATH_STYLE',
] as const satisfies readonly (keyof Env)[];

/**
 * The photo store the configuration names: the disk under DATA_DIR unless PHOTO_STORE names
 * a bucket. Nothing is contacted yet; `openPhotoStore` also proves the store usable.
 */
export function photoStoreFrom(env: Env): PhotoStore {
  if (env.PHOTO_STORE === undefined) {
    // Bucket settings without the bucket are a district's configuration missing one line:
    // photos on one API process's disk would be lost to every other process, silently.
    const stray = BUCKET_SETTINGS.filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `${stray.join(', ')} set but PHOTO_STORE is missing: set PHOTO_STORE=s3://bucket[/prefix], or unset them to keep photos on the disk`,
      );
    }
    return new DiskPhotoStore(path.join(env.dataDir, 'photos'));
  }
  const { bucket, prefix } = parsePhotoStoreUrl(env.PHOTO_STORE);
  const region = env.PHOTO_STORE_REGION ?? 'us-east-1';
  const forcePathStyle = env.PHOTO_STORE_FORCE_PATH_STYLE ?? false;
  const accessKeyId = env.PHOTO_STORE_ACCESS_KEY_ID;
  const secretAccessKey = env.PHOTO_STORE_SECRET_ACCESS_KEY;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      'PHOTO_STORE_ACCESS_KEY_ID and PHOTO_STORE_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  const endpoint = env.PHOTO_STORE_ENDPOINT;
  const client = new S3Client({
    region,
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle,
    // Neither set: the SDK's own chain (AWS_* variables, instance or task role).
    ...(accessKeyId === undefined || secretAccessKey === undefined
      ? {}
      : { credentials: { accessKeyId, secretAccessKey } }),
    // Since 3.729 the SDK adds CRC32 checksum headers to every upload, which R2 and other
    // S3-compatible stores refuse; integrity comes from Content-MD5 (s3-photo-store.ts).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that never answers must fail a request (and start-up) rather than hang it.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
  const where = endpoint ?? `AWS S3 ${region}`;
  return new S3PhotoStore({
    client,
    bucket,
    prefix,
    description: `s3://${bucket}/${prefix} at ${where}`,
    // Virtual-host style puts the bucket in the host name, which self-hosted stores rarely serve.
    ...(endpoint !== undefined && !forcePathStyle
      ? { unreachableHint: '; self-hosted stores usually need PHOTO_STORE_FORCE_PATH_STYLE=true' }
      : {}),
  });
}

/** The configured photo store, checked: a bad configuration throws a one-line ConfigError. */
export async function openPhotoStore(env: Env): Promise<PhotoStore> {
  const store = photoStoreFrom(env);
  await store.check();
  return store;
}
