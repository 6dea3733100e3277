import path from 'node:path';
import { z } from 'zod';
import { STAFF_ROLES } from '@urs/sync-protocol';
import { ConfigError } from './lib/config-error.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== ''),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /**
   * The database: unset, `sqlite:` or a file path = SQLite (`DATA_DIR/urs.sqlite` by default);
   * `postgres://user:password@host:5432/db` = PostgreSQL 15+.
   */
  DATABASE_URL: z.string().optional(),
  /** Directory holding the built PWA (`web/dist`); absent means the API serves a placeholder. */
  WEB_DIST_DIR: z.string().optional(),
  /** Comma-separated origins allowed to call the API cross-origin; empty keeps CORS closed. */
  CORS_ORIGINS: list.default([]),
  REGISTRATION_ENABLED: bool.default(true),
  /** Role given to self-registered (and, later, single-sign-on provisioned) accounts; never admin. */
  REGISTRATION_DEFAULT_ROLE: z.enum(STAFF_ROLES).default('custodian'),
  /** Honour X-Forwarded-For / -Proto / -Host from a reverse proxy (lib/public-origin.ts). */
  TRUST_PROXY: bool.default(false),
  /** Days a session token lives after its last use: long enough for days offline. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** log2 of scrypt's cost N. 17 follows OWASP; tests lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Failed logins of one (email, address) pair before each further one doubles a wait. */
  LOGIN_FREE_FAILURES_PER_PAIR: z.coerce.number().int().min(1).default(3),
  LOGIN_FIRST_DELAY_SECONDS: z.coerce.number().int().min(1).default(1),
  /** Failures against one email from anywhere before addresses it has not used must wait. */
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(100),
  /** Unresolved failures from one address before it must wait for accounts it has not used. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(200),
  /** The longest wait of a pair and the window of the email and address ceilings. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Days a successful sign-in keeps its address exempt from the email and address ceilings. */
  LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * The public poster form's flood limits (docs/decisions/029-public-problem-form.md): tries from
   * one address, valid or not (a whole school may share one), and problems one area stores, per
   * window.
   */
  POSTER_REPORTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  POSTER_REPORTS_PER_AREA: z.coerce.number().int().min(1).default(10),
  POSTER_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  SCHOOL_NAME: z.string().default('SMA Harapan Nusantara'),
  /** Single sign-on (OpenID Connect, e.g. Microsoft Entra ID); off unless issuer and client id are set. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Comma-separated email domains allowed to sign in with SSO, e.g. `sekolah.sch.id`. Empty = any. */
  OIDC_ALLOWED_DOMAINS: list.default([]),
  /** Where the provider sends the browser back; defaults to `<origin>/auth/microsoft/callback`. */
  OIDC_REDIRECT_URI: z.url().optional(),
  OIDC_PROVIDER_NAME: z.string().default('Microsoft'),
  /** The school's fixed UTC offset (Indonesia has no DST): WIB +07:00, WITA +08:00, WIT +09:00. */
  SCHOOL_UTC_OFFSET: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/, 'like +07:00')
    .default('+07:00'),
  /** Unset: photos under DATA_DIR/photos. `s3://bucket[/prefix]`: an S3-compatible bucket. */
  PHOTO_STORE: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'like s3://bucket[/prefix]')
    .optional(),
  /** The store's URL for MinIO, R2 and the like (`https://<account>.r2.cloudflarestorage.com`). */
  PHOTO_STORE_ENDPOINT: z.url().optional(),
  /** Default `us-east-1` (storage/open-photo-store.ts: unset is told apart from set there). */
  PHOTO_STORE_REGION: z.string().min(1).optional(),
  /** Both or neither; neither leaves the AWS SDK's own chain (AWS_* variables, instance role). */
  PHOTO_STORE_ACCESS_KEY_ID: z.string().min(1).optional(),
  PHOTO_STORE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path instead of the host name: MinIO and most self-hosted stores need it. */
  PHOTO_STORE_FORCE_PATH_STYLE: bool.optional(),
  /**
   * Web Push (decision 031). The VAPID key pair is made once per deployment and kept in the
   * database; these two (both or neither, base64url as web-push writes them) override it.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who the push services may contact about this deployment: a `mailto:` or `https:` URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
    .default('mailto:admin@localhost'),
  /**
   * Hosts a browser's push endpoint may name (and their subdomains): the server sends requests
   * to them, so no other address a user posts is ever called.
   */
  PUSH_SERVICE_HOSTS: list.default([
    'fcm.googleapis.com',
    'push.services.mozilla.com',
    'push.apple.com',
    'notify.windows.com',
  ]),
  /** Send pushes from this process (every API process does unless told not to). */
  PUSH_SENDER: bool.default(true),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** The only place the process environment is read. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment: ${issues.join('; ')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
