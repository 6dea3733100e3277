import { Hono } from 'hono';
import { loginInputSchema, registerInputSchema, type LoginInput, reason } from '@urs/sync-protocol';
import { authOf, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { HttpError, parseOr422 } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { revokeSession } from '../../auth/session-tokens.js';
import { signInAnswer } from '../../services/sign-in.js';
import { createUser, findLiveUserByEmail } from '../../services/users.js';
import { assertSchoolActive, schoolForRegistration } from '../../services/schools.js';
import type { RouteDeps } from '../deps.js';
import { clientIp } from '../client-ip.js';
import { toPublicUser } from '../../data/wire.js';

function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(429, reason('too_many_logins', { minutes }), undefined, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  });
}

export function authRoutes({ db, env, guard, loginThrottle, sessionPolicy, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();
  // Verifying against this when the email is unknown keeps both paths equally slow.
  const decoyHash = hashPassword('decoy password for timing', env.SCRYPT_LOG_N);

  async function checkCredentials(input: LoginInput, ip: string) {
    // Counted as a failure before the (slow) password check, so that tries sent at once
    // cannot all be checked before any is counted; a success takes it back.
    const wait = await loginThrottle.attempt(input.email, ip);
    if (wait > 0) throw tooManyAttempts(wait);
    const user = await findLiveUserByEmail(db, input.email);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
    if (user === undefined || !ok) {
      throw new HttpError(401, reason('invalid_credentials'), {
        email: [reason('invalid_credentials')],
      });
    }
    await loginThrottle.succeed(input.email, ip);
    return user;
  }

  app.post('/api/login', limitBody(16 * KB), async (c) => {
    const input = parseOr422(loginInputSchema, await readJson(c));
    const user = await checkCredentials(input, clientIp(c, env.TRUST_PROXY));
    return c.json(await signInAnswer(db, user, sessionPolicy, c.req.header('user-agent') ?? null));
  });

  app.post('/api/register', limitBody(16 * KB), async (c) => {
    if (!env.REGISTRATION_ENABLED) throw new HttpError(403, reason('registration_closed'));
    const input = parseOr422(registerInputSchema, await readJson(c));
    // Self-registration never chooses its role: it gets the configured staff role (custodian by
    // default). Its school: the only one, or the one its registration code names.
    const { school_code: code, ...account } = input;
    const schoolId = await schoolForRegistration(db, code);
    const user = await createUser(
      db,
      { ...account, role: env.REGISTRATION_DEFAULT_ROLE, schoolId },
      env.SCRYPT_LOG_N,
      (tx) => assertSchoolActive(tx, schoolId),
    );
    return c.json(
      await signInAnswer(db, user, sessionPolicy, c.req.header('user-agent') ?? null),
      201,
    );
  });

  app.get('/api/user', guard('session.self'), (c) =>
    c.json({ user: toPublicUser(authOf(c).user, { name: authOf(c).schoolName, clock }) }),
  );

  app.post('/api/logout', guard('session.self'), async (c) => {
    await revokeSession(db, authOf(c).session.id);
    return c.json({ message: 'Berhasil keluar.' });
  });

  return app;
}
