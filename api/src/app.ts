import { Hono } from 'hono';
import type { Env } from './env.js';
import type { Db } from './db/handles.js';
import { LoginThrottle } from './services/login-throttle.js';
import { PosterThrottle } from './services/poster-throttle.js';
import { parseUtcOffset } from './lib/school-time.js';
import { onError, onNotFound } from './middleware/errors.js';
import { makeGuard, type AppEnv } from './middleware/guard.js';
import { corsPolicy, securityHeaders } from './middleware/security.js';
import { COMPRESSED_PATHS, compressAnswers } from './middleware/compression.js';
import type { PhotoStore } from './storage/photo-store.js';
import { photoStoreFrom } from './storage/open-photo-store.js';
import type { RouteDeps } from './routes/deps.js';
import { authRoutes } from './routes/auth/routes.js';
import { healthRoutes } from './routes/health/routes.js';
import { profileRoutes } from './routes/profile/routes.js';
import { referenceDataRoutes } from './routes/reference-data/routes.js';
import { userRoutes } from './routes/users/routes.js';
import { webRoutes } from './routes/web/routes.js';
import { liveInlineScriptHashes } from './routes/web/inline-scripts.js';
import { photoRoutes } from './routes/photos/routes.js';
import { reportRoutes } from './routes/reports/routes.js';
import { inventoryRoutes } from './routes/inventory/routes.js';
import { analyticsRoutes } from './routes/analytics/routes.js';
import { ssoRoutes } from './routes/sso/routes.js';
import { districtRoutes } from './routes/district/routes.js';
import { schoolRoutes } from './routes/school/routes.js';
import { posterRoutes } from './routes/posters/routes.js';
import { pushRoutes } from './routes/push/routes.js';
import { roundRoutes } from './routes/rounds/routes.js';
import { syncRoutes } from './sync/routes.js';
import { jobRoutes } from './sync/job-routes.js';
import type { PushOptions } from './sync/push.js';

export interface AppOptions {
  db: Db;
  env: Env;
  photos?: PhotoStore;
  /** Test hook into the push transaction (crash injection). */
  pushOptions?: PushOptions;
  /** The current instant for "today" and "this week"; tests fix it to sit near a boundary. */
  now?: () => Date;
}

/** Composes the whole HTTP surface; index.ts only opens the database and listens. */
export function createApp({ db, env, photos, pushOptions, now }: AppOptions) {
  const clock = { offsetMinutes: parseUtcOffset(env.SCHOOL_UTC_OFFSET) };
  const sessionPolicy = { ttlDays: env.SESSION_TTL_DAYS, clock };
  const clockNow = now ?? (() => new Date());
  const deps: RouteDeps = {
    db,
    env,
    clock,
    now: clockNow,
    sessionPolicy,
    photos: photos ?? photoStoreFrom(env),
    guard: makeGuard(db, sessionPolicy),
    loginThrottle: new LoginThrottle(
      db,
      {
        freeFailuresPerPair: env.LOGIN_FREE_FAILURES_PER_PAIR,
        firstDelayMs: env.LOGIN_FIRST_DELAY_SECONDS * 1000,
        windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
        maxFailuresPerEmail: env.LOGIN_MAX_FAILURES_PER_EMAIL,
        maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_IP,
        knownAddressMs: env.LOGIN_KNOWN_ADDRESS_DAYS * 86_400_000,
      },
      () => clockNow().getTime(),
    ),
    posterThrottle: new PosterThrottle(
      db,
      {
        perAddress: env.POSTER_REPORTS_PER_ADDRESS,
        perArea: env.POSTER_REPORTS_PER_AREA,
        windowMs: env.POSTER_WINDOW_MINUTES * 60_000,
      },
      () => clockNow().getTime(),
    ),
  };

  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(env.TRUST_PROXY, liveInlineScriptHashes(env.WEB_DIST_DIR)));
  app.use('/api/*', corsPolicy(env.CORS_ORIGINS));
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers carry personal data: never let a shared cache keep them. Set on the answer's
    // own headers: c.header() after the handler has answered rebuilds the Response around its
    // body stream, which the node server then has to pump (it was most of a small GET's time).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const compress = compressAnswers();
  for (const path of COMPRESSED_PATHS) app.use(path, compress);

  const api = [
    healthRoutes,
    authRoutes,
    profileRoutes,
    referenceDataRoutes,
    userRoutes,
    photoRoutes,
    reportRoutes,
    inventoryRoutes,
    analyticsRoutes,
    ssoRoutes,
    districtRoutes,
    schoolRoutes,
    posterRoutes,
    pushRoutes,
    roundRoutes,
  ];
  for (const routes of api) app.route('/', routes(deps));
  app.route('/', syncRoutes(deps, pushOptions));
  app.route('/', jobRoutes(deps));
  app.all('/api/*', onNotFound);
  app.route('/', webRoutes(deps));

  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;
