import { loadEnv, type Env } from './env.js';
import { exitOnConfigError } from './lib/config-error.js';
import { openPhotoStore } from './storage/open-photo-store.js';
import type { PhotoStore } from './storage/photo-store.js';

/**
 * What every process entry (API, `npm start`, seed) needs before it touches data: the parsed
 * environment and a photo store proven usable. Bad configuration stops the process here with
 * one line naming it, before anything is migrated or served, and never falls back to the disk.
 */
export async function loadConfiguration(
  source: Record<string, string | undefined> = process.env,
): Promise<{ env: Env; photos: PhotoStore }> {
  try {
    const env = loadEnv(source);
    return { env, photos: await openPhotoStore(env) };
  } catch (err) {
    return exitOnConfigError(err);
  }
}
