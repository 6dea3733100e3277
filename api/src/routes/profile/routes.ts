import { Hono } from 'hono';
import {
  reason,
  MAX_IMAGE_BYTES,
  passwordChangeInputSchema,
  preferencesInputSchema,
  profileInputSchema,
} from '@urs/sync-protocol';
import { accountActor, authOf, type AppEnv } from '../../middleware/guard.js';
import { KB, MB, limitBody, readJson } from '../../middleware/body.js';
import { HttpError, notFound, parseOr422, validationError } from '../../lib/http-error.js';
import { sniffImageType } from '../../lib/images.js';
import { revokeUserSessions } from '../../auth/session-tokens.js';
import { changePassword, updatePreferences, updateProfile } from '../../services/users.js';
import type { RouteDeps } from '../deps.js';
import { streamPhoto } from '../photos/stream-photo.js';
import { toPublicUser } from '../../data/wire.js';

const PROFILE_TEXT_FIELDS = ['name', 'email', 'phone'] as const;

export function profileRoutes({ db, env, photos, guard, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  /** Multipart with only the fields the user changed (spec section 5), plus an optional `photo`. */
  app.post(
    '/api/profile',
    guard('profile.update'),
    limitBody(MAX_IMAGE_BYTES + 1 * MB),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) {
        throw new HttpError(415, reason('multipart_required'));
      }
      const form = await c.req.parseBody();
      const text: Record<string, string> = {};
      for (const field of PROFILE_TEXT_FIELDS) {
        const value = form[field];
        if (typeof value === 'string') text[field] = value;
      }
      const input = parseOr422(profileInputSchema, text);
      let photoSha: string | undefined;
      const photo = form['photo'];
      if (photo !== undefined && typeof photo !== 'string') {
        if (photo.size > MAX_IMAGE_BYTES)
          throw validationError({ photo: [reason('image_too_large')] });
        const bytes = new Uint8Array(await photo.arrayBuffer());
        if (sniffImageType(bytes) === null)
          throw validationError({ photo: [reason('image_type_unsupported')] });
        photoSha = await photos.put(bytes);
      } else if (typeof photo === 'string' && photo !== '') {
        throw validationError({ photo: [reason('photo_not_file')] });
      }
      const user = await updateProfile(db, accountActor(c), input, photoSha);
      return c.json({ user: toPublicUser(user, { name: authOf(c).schoolName, clock }) });
    },
  );

  app.post('/api/profile/password', guard('profile.update'), limitBody(16 * KB), async (c) => {
    const input = parseOr422(passwordChangeInputSchema, await readJson(c));
    const { user, session } = authOf(c);
    await changePassword(
      db,
      { ...accountActor(c), passwordHash: user.passwordHash },
      input.current_password,
      input.password,
      env.SCRYPT_LOG_N,
    );
    // A changed password ends every other session: a lost phone stops working.
    await db.write((tx) => revokeUserSessions(tx, user.id, session.id));
    return c.json({ message: 'Password berhasil diperbarui.' });
  });

  app.post('/api/profile/preferences', guard('profile.update'), limitBody(4 * KB), async (c) => {
    const input = parseOr422(preferencesInputSchema, await readJson(c));
    const user = await updatePreferences(db, accountActor(c), input);
    return c.json({ user: toPublicUser(user, { name: authOf(c).schoolName, clock }) });
  });

  /**
   * Avatars are served by content address. The 256-bit hash in the URL is the capability, so
   * a plain <img> can show them without a bearer header, and the bytes never change. Only a
   * live user's current photo: the store holds report photos and request images too, which
   * need a session (GET /api/photos/:id), and a photo replaced or a user removed stops here.
   */
  app.get('/api/avatars/:sha256', async (c) => {
    const sha256 = c.req.param('sha256');
    const inUse = await db.row<{ one: number }>(
      'SELECT 1 AS "one" FROM users WHERE photo_sha256 = ? AND deleted_at IS NULL LIMIT 1',
      [sha256],
    );
    if (inUse === undefined) throw notFound(reason('photo_not_found'));
    return streamPhoto(c, photos, {
      sha256,
      cacheScope: 'public',
      missing: reason('photo_not_found'),
    });
  });

  return app;
}
