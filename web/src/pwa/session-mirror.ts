import { Dexie, type EntityTable } from 'dexie';
import { PHOTO_CACHE, SESSION_DATABASE_NAME } from './constants.js';

/**
 * The signed-in session, mirrored from localStorage into IndexedDB: the service worker cannot
 * read localStorage, and it needs the token to run a Background Sync cycle after the tab is gone.
 */
export interface MirroredSession {
  token: string;
  userId: string;
  /** Where `api/...` lives; '/' (same origin) when omitted. */
  baseUrl?: string;
}

interface SessionRow extends MirroredSession {
  key: 'current';
  updated_at: string;
}

class SessionDatabase extends Dexie {
  declare session: EntityTable<SessionRow, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ session: 'key' });
  }
}

let database: SessionDatabase | null = null;

/** One connection per realm (page or worker), opened on first use. */
function sessionDatabase(): SessionDatabase {
  database ??= new SessionDatabase(SESSION_DATABASE_NAME);
  return database;
}

/**
 * Stores the current session for the service worker, or clears it (`null`) on logout. When the
 * user changes or signs out, the cached report photos go too: they were fetched with the
 * previous user's token, and the cache is keyed by URL only.
 *
 * Never rejects: Background Sync is an extra, so a broken IndexedDB (some private modes) must
 * not fail a login. The error is logged, and the foreground sync triggers still work.
 */
export async function mirrorSession(session: MirroredSession | null): Promise<void> {
  try {
    const db = sessionDatabase();
    const previous = await db.session.get('current');
    if (session === null) {
      await db.session.delete('current');
    } else {
      await db.session.put({
        key: 'current',
        token: session.token,
        userId: session.userId,
        ...(session.baseUrl !== undefined && { baseUrl: session.baseUrl }),
        updated_at: new Date().toISOString(),
      });
    }
    if (previous !== undefined && previous.userId !== session?.userId) {
      await clearPhotoCache();
    }
  } catch (err) {
    console.error('Sesi untuk sinkronisasi latar tidak dapat disimpan', err);
  }
}

/** The mirrored session, or null when nobody is signed in (or the app never mirrored one). */
export async function readMirroredSession(): Promise<MirroredSession | null> {
  const row = await sessionDatabase().session.get('current');
  if (row === undefined || row.token === '' || row.userId === '') return null;
  return {
    token: row.token,
    userId: row.userId,
    ...(row.baseUrl !== undefined && { baseUrl: row.baseUrl }),
  };
}

async function clearPhotoCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(PHOTO_CACHE);
  } catch {
    // Best effort: a storage error here must not block a login or logout.
  }
}
