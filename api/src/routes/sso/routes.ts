import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { isSameSitePath, reason } from '@urs/sync-protocol';
import type { AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { HttpError, parseOr422 } from '../../lib/http-error.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { activeSchoolByCode } from '../../services/schools.js';
import { signInAnswer } from '../../services/sign-in.js';
import { SsoService, STATE_TTL_MS } from '../../services/sso.js';
import type { RouteDeps } from '../deps.js';

/** Only a path on this site, by the rule the web app follows it by (isSameSitePath). */
const safePath = (value: string | undefined): string | null =>
  isSameSitePath(value) ? value : null;

/**
 * The browser's half of an attempt (services/sso.ts): sent back only to the routes below, never
 * readable by scripts, and not sent with a request another site's page makes (SameSite).
 */
const BINDING_COOKIE = 'urs_sso';
const BINDING_PATH = '/api/auth/microsoft';

const callbackBody = z.object({
  /** The callback page's `location.search`, passed through untouched. */
  query: z.string({ error: 'query wajib dikirim.' }).max(4096),
});

/**
 * Single sign-on: the login page shows the button when `GET /api/auth/sso` says enabled; the
 * button navigates to `/api/auth/microsoft/start`; the provider returns the browser to the
 * PWA's `/auth/microsoft/callback`, which posts its query here and signs in like a password
 * login.
 */
export function ssoRoutes({ db, env, sessionPolicy }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const sso = new SsoService(db, env);

  app.get('/api/auth/sso', (c) =>
    c.json({ enabled: sso.enabled, provider: env.OIDC_PROVIDER_NAME }),
  );

  app.get('/api/auth/microsoft/start', async (c) => {
    if (!sso.enabled) throw new HttpError(404, reason('sso_not_configured'));
    const returnTo = safePath(c.req.query('redirect'));
    // From a school's registration link (`?school=<code>`): a new account joins that school
    // unless its email domain names one. A code no active school holds is never guessed
    // around: the browser goes back to the login page, which says why.
    const code = c.req.query('school')?.trim() ?? '';
    const school = code === '' ? undefined : await activeSchoolByCode(db, code);
    if (code !== '' && school === undefined) {
      const back = new URLSearchParams({ sso_error: 'school_unknown' });
      if (returnTo !== null) back.set('redirect', returnTo);
      return c.redirect(`/login?${back.toString()}`, 302);
    }
    // Behind an HTTPS proxy our own URL is the plain hop from it: the browser's origin decides
    // the callback address and whether the cookie may travel only over HTTPS.
    const here = publicOrigin(c, env.TRUST_PROXY);
    const { url, binding } = await sso.start(here.origin, returnTo, school?.id ?? null);
    setCookie(c, BINDING_COOKIE, binding, {
      path: BINDING_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: here.protocol === 'https:',
      maxAge: STATE_TTL_MS / 1000,
    });
    return c.redirect(url.href, 302);
  });

  app.post('/api/auth/microsoft/callback', limitBody(8 * KB), async (c) => {
    const { query } = parseOr422(callbackBody, await readJson(c));
    const binding = getCookie(c, BINDING_COOKIE);
    // An attempt is tried once, whatever its outcome: the cookie goes with it.
    if (binding !== undefined) deleteCookie(c, BINDING_COOKIE, { path: BINDING_PATH });
    const { origin } = publicOrigin(c, env.TRUST_PROXY);
    const { user, returnTo } = await sso.complete(origin, query, binding);
    return c.json({
      ...(await signInAnswer(db, user, sessionPolicy, c.req.header('user-agent') ?? null)),
      redirect: returnTo,
    });
  });

  return app;
}
