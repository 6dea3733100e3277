import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { reason } from '@urs/sync-protocol';
import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../db/handles.js';
import { first } from '../db/first.js';
import { ssoStates } from '../db/schema.js';
import type { Env } from '../env.js';
import { HttpError } from '../lib/http-error.js';
import { createUser, findLiveUserByEmail } from './users.js';
import { assertSchoolActive, schoolForSso } from './schools.js';
import type { UserRow } from '../data/wire.js';

export const STATE_TTL_MS = 10 * 60_000;

/**
 * The `state` sent to the provider for an attempt whose browser holds `binding` (in a cookie,
 * see routes/sso): the hash of that secret, as RFC 6749 section 10.12 suggests. A callback
 * counts only from the browser that started the attempt, so nobody can have someone else's
 * browser finish a sign-in they started (and land it in their account).
 */
const stateFor = (binding: string): string => hash('sha256', binding, 'base64url');

/*
 * An attempt started from a school's registration link carries that school to the callback in
 * its binding: `<random>.<school id>`. The state is the hash of the whole binding, so the
 * school cannot be changed on the way without the state failing to match, and the attempt's
 * row needs no column for it.
 */
const bindingFor = (random: string, schoolId: string | null): string =>
  schoolId === null ? random : `${random}.${schoolId}`;

function schoolOfBinding(binding: string): string | null {
  const dot = binding.indexOf('.');
  return dot < 0 || dot === binding.length - 1 ? null : binding.slice(dot + 1);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `email`, or Entra ID's `preferred_username` when it is an address (the user's UPN); nothing
 * when the provider says the address is not verified (`email_verified: false`, a boolean or,
 * as some providers send it, a string), since an existing account is matched by it.
 */
function emailOf(claims: Record<string, unknown>): string {
  const verified = claims['email_verified'];
  if (verified === false || verified === 'false') return '';
  for (const key of ['email', 'preferred_username']) {
    const value = claims[key];
    if (typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value.trim()))
      return value.trim().toLowerCase();
  }
  return '';
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * OpenID Connect authorization-code sign-in with PKCE (S256), state and nonce. The verifier and
 * nonce never leave the server; the browser only carries the state. A successful callback
 * matches the user by email or, while registration is open, provisions one with the registration
 * default role.
 */
export class SsoService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly db: Db,
    private readonly env: Env,
  ) {}

  get enabled(): boolean {
    return this.env.OIDC_ISSUER !== undefined && this.env.OIDC_CLIENT_ID !== undefined;
  }

  private config(): Promise<oidc.Configuration> {
    const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = this.env;
    if (issuer === undefined || clientId === undefined) {
      throw new HttpError(404, reason('sso_not_configured'));
    }
    const url = new URL(issuer);
    // Plain http only for a provider on this machine (tests, a local provider); never in the field.
    const insecure = url.protocol === 'http:' && isLoopback(url);
    this.configuration ??= oidc
      .discovery(
        url,
        clientId,
        secret === undefined ? undefined : { client_secret: secret },
        undefined,
        {
          ...(insecure && { execute: [oidc.allowInsecureRequests] }),
        },
      )
      .catch((err: unknown) => {
        this.configuration = undefined; // try discovery again next time
        throw err;
      });
    return this.configuration;
  }

  redirectUri(origin: string): string {
    return this.env.OIDC_REDIRECT_URI ?? `${origin}/auth/microsoft/callback`;
  }

  /**
   * A new attempt: the provider's authorization URL, and the secret the browser must keep
   * (in a cookie) and show again with the callback. `returnTo` is where to land after;
   * `schoolId`, the active school whose registration link the attempt started from, is the
   * school a new account joins when its email domain does not decide (schoolForSso).
   */
  async start(
    origin: string,
    returnTo: string | null,
    schoolId: string | null = null,
  ): Promise<{ url: URL; binding: string }> {
    const config = await this.config();
    const binding = bindingFor(oidc.randomState(), schoolId);
    const state = stateFor(binding);
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = Date.now();
    await this.db.write(async (tx) => {
      await tx.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date(now).toISOString()));
      await tx.insert(ssoStates).values({
        state,
        nonce,
        codeVerifier,
        returnTo,
        expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
      });
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(origin),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, binding };
  }

  /**
   * Completes an attempt from the callback's query string (`?code=...&state=...`): the state
   * must be one we issued to this browser (`binding`, from its cookie) and not yet used; the
   * code is exchanged with our PKCE verifier and the ID token checked against our nonce.
   */
  async complete(
    origin: string,
    callbackQuery: string,
    binding: string | undefined,
  ): Promise<{ user: UserRow; returnTo: string | null }> {
    const config = await this.config();
    const callback = new URL(this.redirectUri(origin));
    callback.search = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
    const state = callback.searchParams.get('state') ?? '';
    // Another browser's attempt (or none) is refused before it is looked up, so a forged
    // callback cannot use up the attempt of the browser that started it.
    if (binding === undefined || !sameText(stateFor(binding), state)) {
      throw new HttpError(400, reason('sso_bad_state'));
    }
    // Deleting as we read makes the state single-use even if two callbacks race.
    const attempt = await this.db.write((tx) =>
      first(tx.delete(ssoStates).where(eq(ssoStates.state, state)).returning()),
    );
    if (attempt === undefined || Date.parse(attempt.expiresAt) < Date.now()) {
      throw new HttpError(400, reason('sso_bad_state'));
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      console.warn('[api] SSO code exchange refused:', err instanceof Error ? err.message : err);
      throw new HttpError(401, reason('sso_bad_code'));
    }
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Many providers keep profile claims out of the ID token; the userinfo endpoint has them.
    if (typeof claims['email'] !== 'string' && typeof claims['sub'] === 'string') {
      Object.assign(claims, await oidc.fetchUserInfo(config, tokens.access_token, claims['sub']));
    }
    const email = emailOf(claims);
    if (email === '') throw new HttpError(403, reason('sso_no_email'));
    const domains = this.env.OIDC_ALLOWED_DOMAINS.map((d) => d.toLowerCase());
    if (domains.length > 0 && !domains.includes(email.split('@')[1] ?? '')) {
      throw new HttpError(403, reason('sso_domain', { email, domains: domains.join(', ') }));
    }
    const existing = await findLiveUserByEmail(this.db, email);
    if (existing !== undefined) return { user: existing, returnTo: attempt.returnTo };
    // A new account through SSO is a registration: closed registration provisions nobody, or
    // a user an admin deleted would be back at once under a new account.
    if (!this.env.REGISTRATION_ENABLED) {
      throw new HttpError(403, reason('sso_no_account', { email }));
    }
    const name =
      typeof claims?.['name'] === 'string' && claims['name'].trim() !== ''
        ? claims['name'].trim()
        : (email.split('@')[0] ?? email);
    // Its school: the one whose email domains hold the address, else the registration link's,
    // else the only one (never a guess). The binding was checked against the state above.
    const schoolId = await schoolForSso(this.db, email, schoolOfBinding(binding));
    // Provisioned accounts sign in only through SSO until someone sets a password.
    const user = await createUser(
      this.db,
      {
        schoolId,
        name,
        email,
        role: this.env.REGISTRATION_DEFAULT_ROLE,
        password: randomBytes(32).toString('base64url'),
      },
      this.env.SCRYPT_LOG_N,
      (tx) => assertSchoolActive(tx, schoolId),
    );
    return { user, returnTo: attempt.returnTo };
  }
}
