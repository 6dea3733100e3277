import type { Env } from '../env.js';
import type { Db } from '../db/client.js';
import type { Guard } from '../middleware/guard.js';
import type { FailureLimiter } from '../lib/rate-limit.js';
import type { PhotoStore } from '../storage/photo-store.js';

/** What every route module is built from; app.ts makes one and hands it to each. */
export interface RouteDeps {
  db: Db;
  env: Env;
  photos: PhotoStore;
  guard: Guard;
  loginLimits: { perEmail: FailureLimiter; perIp: FailureLimiter };
}
