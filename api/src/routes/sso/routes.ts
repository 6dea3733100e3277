import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422 } from '../../lib/http-error.js';
import { signInAnswer } from '../../services/sign-in.js';
import { SsoService } from '../../services/sso.js';
import type { RouteDeps } from '../deps.js';

/** Only a path on this site ("/x", not "//evil" or "https://..."), as the login redirect rule. */
const safePath = (value: string | undefined): string | null =>
  value !== undefined && value.startsWith('/') && !value.startsWith('//') ? value : null;

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
    const origin = new URL(c.req.url).origin;
    const url = await sso.start(origin, safePath(c.req.query('redirect')));
    return c.redirect(url.href, 302);
  });

  app.post('/api/auth/microsoft/callback', limitBody(8 * KB), async (c) => {
    const { query } = parseOr422(callbackBody, await readJson(c));
    const { user, returnTo } = await sso.complete(new URL(c.req.url).origin, query);
    return c.json({
      ...(await signInAnswer(db, user, sessionPolicy, c.req.header('user-agent') ?? null)),
      redirect: returnTo,
    });
  });

  return app;
}
