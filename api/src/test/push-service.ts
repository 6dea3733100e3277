import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/*
 * A push service for tests, on 127.0.0.1: it takes what the sender sends, checks the VAPID
 * signature (RFC 8292) against the deployment's public key, and decrypts the aes128gcm payload
 * (RFC 8291) with the subscription's private key, through http_ece (the library web-push
 * itself encrypts with), so a test reads the notification a phone would show.
 */

export interface Received {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  at: number;
}

interface Subscriber {
  ecdh: crypto.ECDH;
  auth: string;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Checks `vapid t=<jwt>, k=<key>`: signed by `publicKey`, for this origin, not expired. */
function checkVapid(header: string | undefined, publicKey: string, origin: string): void {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (match === null) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error('VAPID key is not the deployment key');
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33, 65)),
  };
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    exp: number;
  };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
}

export interface TestPushService {
  origin: string;
  received: Received[];
  /** Failures of the checks, which answer 400: a test expects none. */
  errors: string[];
  /** The next requests' answers (default 201), in order. */
  answerNext(...statuses: number[]): void;
  /** A new browser subscription on this service, as PushSubscription.toJSON() gives it. */
  subscription(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function startPushService(publicKey: () => Promise<string>): Promise<TestPushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: Received[] = [];
  const errors: string[] = [];
  const answers: number[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const status = answers.shift() ?? 201;
        try {
          const name = (req.url ?? '').replace(/^\/sub\//, '');
          const subscriber = subscribers.get(name);
          if (subscriber === undefined) throw new Error(`unknown subscription ${name}`);
          checkVapid(req.headers.authorization, await publicKey(), origin);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const plain = decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth,
          });
          received.push({
            subscription: name,
            payload: JSON.parse(plain.toString('utf8')),
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
            at: performance.now(),
          });
          res.writeHead(status).end();
        } catch (err) {
          errors.push(String(err));
          res.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    errors,
    answerNext: (...statuses) => answers.push(...statuses),
    subscription(name) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(crypto.randomBytes(16));
      subscribers.set(name, { ecdh, auth });
      return {
        endpoint: `${origin}/sub/${name}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
