import type { Env } from '../env.js';
import type { Db } from '../db/handles.js';
import type { Guard } from '../middleware/guard.js';
import type { LoginThrottle } from '../services/login-throttle.js';
import type { PosterThrottle } from '../services/poster-throttle.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { SessionPolicy } from '../auth/session-tokens.js';
import type { SchoolClock } from '../lib/school-time.js';

/** What every route module is built from; app.ts makes one and hands it to each. */
export interface RouteDeps {
  db: Db;
  env: Env;
  photos: PhotoStore;
  guard: Guard;
  sessionPolicy: SessionPolicy;
  /** The school's calendar: "today", "this week", daily charts. */
  clock: SchoolClock;
  /** The current instant (fixed in tests): what "today" and "this week" are counted from. */
  now: () => Date;
  loginThrottle: LoginThrottle;
  /** The public poster form's flood limits. */
  posterThrottle: PosterThrottle;
}
