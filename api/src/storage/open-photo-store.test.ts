import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { ConfigError } from '../lib/config-error.js';
import { closedPort } from '../test/ports.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { openPhotoStore, parsePhotoStoreUrl, photoStoreFrom } from './open-photo-store.js';
import { DiskPhotoStore } from './disk-photo-store.js';
import { S3PhotoStore } from './s3-photo-store.js';

let s3: S3TestServer;
let tmp: string;
beforeAll(async () => {
  s3 = await startS3Server();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-photo-config-'));
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const envWith = (vars: Record<string, string | undefined>) => loadEnv({ DATA_DIR: tmp, ...vars });

async function refusal(vars: Record<string, string | undefined>): Promise<string> {
  const err: unknown = await openPhotoStore(envWith(vars)).then(
    () => new Error('opened'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  const message = (err as ConfigError).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('choosing the photo store', () => {
  it('keeps photos on the disk under DATA_DIR when PHOTO_STORE is unset', async () => {
    const store = await openPhotoStore(envWith({}));
    expect(store).toBeInstanceOf(DiskPhotoStore);
    expect(fs.existsSync(path.join(tmp, 'photos'))).toBe(true);
  });

  it('opens an S3 bucket named by PHOTO_STORE, under its key prefix', async () => {
    expect(await openPhotoStore(envWith(s3.env('school-1')))).toBeInstanceOf(S3PhotoStore);
    expect(parsePhotoStoreUrl('s3://urs-photos')).toEqual({ bucket: 'urs-photos', prefix: '' });
    expect(parsePhotoStoreUrl('s3://urs-photos/district/sma-1/')).toEqual({
      bucket: 'urs-photos',
      prefix: 'district/sma-1/',
    });
  });

  it('keeps two prefixes of one bucket apart', async () => {
    const a = photoStoreFrom(envWith(s3.env('a')));
    const b = photoStoreFrom(envWith(s3.env('b')));
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const sha = await a.put(bytes);
    expect(await a.has(sha)).toBe(true);
    expect(await b.has(sha)).toBe(false);
    expect(await b.open(sha)).toBeNull();
  });
});

describe('what goes over the wire to the bucket', () => {
  /** Passes requests through to s3rver and keeps their headers: what a real store would see. */
  async function recordingProxy(target: string) {
    const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
    const server = http.createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const upstream = http.request(
        `${target}${req.url ?? ''}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      seen,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('uploads once with Content-MD5 and none of the checksum headers R2 and others refuse', async () => {
    const proxy = await recordingProxy(s3.endpoint);
    try {
      const store = photoStoreFrom(
        envWith({ ...s3.env('wire'), PHOTO_STORE_ENDPOINT: proxy.endpoint }),
      );
      const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);
      const sha = await store.put(bytes);
      await store.put(bytes);
      const puts = proxy.seen.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.url.split('?')[0])).toEqual([
        `/${s3.bucket}/wire/${sha.slice(0, 2)}/${sha}`,
      ]);
      const headers = puts[0]?.headers ?? {};
      expect(headers['content-md5']).toBe(createHash('md5').update(bytes).digest('base64'));
      expect(headers['content-type']).toBe('image/jpeg');
      expect(
        Object.keys(headers).filter(
          (h) => h.startsWith('x-amz-checksum-') || h.startsWith('x-amz-sdk-checksum'),
        ),
      ).toEqual([]);
      expect(headers['content-encoding']).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });
});

describe('a photo store that cannot be used stops start-up with one line', () => {
  it('names a bucket that does not exist', async () => {
    const vars = { ...s3.env(''), PHOTO_STORE: 's3://no-such-bucket' };
    expect(await refusal(vars)).toBe(
      `photo store s3://no-such-bucket/ at ${s3.endpoint}: the bucket does not exist`,
    );
  });

  it('names an endpoint nothing answers on', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const message = await refusal({ ...s3.env(''), PHOTO_STORE_ENDPOINT: endpoint });
    expect(message).toBe(
      `photo store s3://${s3.bucket}/ at ${endpoint}: cannot reach the endpoint (ECONNREFUSED)`,
    );
  });

  it('suggests path-style addressing when a self-hosted endpoint cannot be reached', async () => {
    const vars = {
      ...s3.env(''),
      PHOTO_STORE_ENDPOINT: 'http://store.invalid:9000',
      PHOTO_STORE_FORCE_PATH_STYLE: 'false',
    };
    expect(await refusal(vars)).toMatch(
      /: cannot reach the endpoint \(ENOTFOUND\); self-hosted stores usually need PHOTO_STORE_FORCE_PATH_STYLE=true$/,
    );
  });

  /**
   * The refusal for a store that `answer`s each request as a bucket policy would (the bucket's
   * HEAD passes unless it says otherwise), on a port of its own for this case.
   */
  async function refusalFromStore(
    answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  ): Promise<{ message: string; endpoint: string }> {
    const server = http.createServer((req, res) => {
      req.resume();
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    try {
      return {
        message: await refusal({ ...s3.env(''), PHOTO_STORE_ENDPOINT: endpoint }),
        endpoint,
      };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
  const refusedCredentials = `access refused: check PHOTO_STORE_ACCESS_KEY_ID / PHOTO_STORE_SECRET_ACCESS_KEY and the bucket policy`;

  it('names credentials that may read the bucket but not write to it', async () => {
    // A store that answers the bucket's HEAD and refuses every PUT, as read-only keys get.
    const { message, endpoint } = await refusalFromStore((req, res) => {
      if (req.method === 'PUT') {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        );
        return;
      }
      res.writeHead(200);
      res.end();
    });
    expect(message).toBe(
      `photo store s3://${s3.bucket}/ at ${endpoint}: ${refusedCredentials} (writing needs s3:PutObject)`,
    );
  });

  it('names credentials that may write to the bucket but not read from it', async () => {
    // A store that answers the bucket's HEAD and takes every PUT, but refuses reading an object
    // back, as keys without s3:GetObject get: every photo shown and every upload's HEAD fails.
    const { message, endpoint } = await refusalFromStore((req, res) => {
      const isObject = (req.url ?? '').split('?')[0]?.split('/').filter(Boolean).length !== 1;
      res.writeHead(isObject && req.method !== 'PUT' ? 403 : 200);
      res.end();
    });
    expect(message).toBe(
      `photo store s3://${s3.bucket}/ at ${endpoint}: ${refusedCredentials} (reading needs s3:GetObject)`,
    );
  });

  it('names refused credentials', async () => {
    const message = await refusal({ ...s3.env(''), PHOTO_STORE_ACCESS_KEY_ID: 'NOT-A-KEY' });
    expect(message).toMatch(/: access refused: check PHOTO_STORE_ACCESS_KEY_ID/);
  });

  it('names missing credentials when neither the variables nor the SDK’s own chain give any', async () => {
    // The SDK's chain reads the process environment and ~/.aws: point it at nothing.
    const chain = {
      AWS_ACCESS_KEY_ID: undefined,
      AWS_SECRET_ACCESS_KEY: undefined,
      AWS_PROFILE: undefined,
      AWS_SHARED_CREDENTIALS_FILE: path.join(tmp, 'no-credentials'),
      AWS_CONFIG_FILE: path.join(tmp, 'no-config'),
      AWS_EC2_METADATA_DISABLED: 'true',
    };
    const saved = Object.fromEntries(Object.keys(chain).map((k) => [k, process.env[k]]));
    const apply = (vars: Record<string, string | undefined>) => {
      for (const [k, v] of Object.entries(vars)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    };
    apply(chain);
    try {
      const { PHOTO_STORE, PHOTO_STORE_ENDPOINT } = s3.env('');
      expect(await refusal({ PHOTO_STORE, PHOTO_STORE_ENDPOINT })).toMatch(
        /: no credentials: set PHOTO_STORE_ACCESS_KEY_ID and PHOTO_STORE_SECRET_ACCESS_KEY/,
      );
    } finally {
      apply(saved);
    }
  });

  it('refuses half a key pair, and a PHOTO_STORE that is not an s3:// address', async () => {
    const keyIdOnly = { ...s3.env(''), PHOTO_STORE_SECRET_ACCESS_KEY: undefined };
    expect(await refusal(keyIdOnly)).toMatch(/set both or neither/);
    expect(() => envWith({ PHOTO_STORE: 'minio://photos' })).toThrow(
      new ConfigError('invalid environment: PHOTO_STORE: like s3://bucket[/prefix]'),
    );
  });

  it('refuses bucket settings without PHOTO_STORE instead of keeping photos on the disk', async () => {
    const settings = s3.env('');
    const message = await refusal({ ...settings, PHOTO_STORE: undefined });
    expect(message).toMatch(/ set but PHOTO_STORE is missing: set PHOTO_STORE=s3:\/\/bucket/);
    expect(message).toContain('PHOTO_STORE_ENDPOINT');
    expect(message).not.toContain(settings['PHOTO_STORE_SECRET_ACCESS_KEY']);
    for (const one of [
      { PHOTO_STORE_REGION: 'eu-west-1' },
      { PHOTO_STORE_FORCE_PATH_STYLE: 'false' },
      { PHOTO_STORE_ACCESS_KEY_ID: 'AKIA' },
    ]) {
      expect(() => photoStoreFrom(envWith(one))).toThrow(
        new ConfigError(
          `${Object.keys(one)[0]} set but PHOTO_STORE is missing: set PHOTO_STORE=s3://bucket[/prefix], or unset them to keep photos on the disk`,
        ),
      );
    }
  });

  it('names a photo directory that cannot be written', async () => {
    const file = path.join(tmp, 'not-a-directory');
    fs.writeFileSync(file, '');
    expect(await refusal({ DATA_DIR: file })).toMatch(
      new RegExp(`^photo directory ${file}/photos is not writable \\(E[A-Z]+\\)$`),
    );
  });
});
