import { Hono } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES, MAX_IMAGE_BYTES } from '@urs/sync-protocol';
import { authOf, type AppEnv } from '../../middleware/guard.js';
import { limitBody } from '../../middleware/body.js';
import { HttpError, forbidden, notFound, validationError } from '../../lib/http-error.js';
import { sniffImageType } from '../../lib/images.js';
import { nowIso } from '../../db/change-seq.js';
import { photoUploads, reportPhotos, reports } from '../../db/schema.js';
import { first } from '../../db/first.js';
import { sha256Hex } from '../../storage/photo-store.js';
import { streamPhoto } from './stream-photo.js';
import { can, type Actor } from '../../auth/policy.js';
import type { RouteDeps } from '../deps.js';

const photoId = z.uuid();
const sha256Header = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A photo of a live report is seen by whoever may open that report's detail (everyone signed
 * in); once the photo or its report is removed, only by the reporter and admins, whose devices
 * may still show it until the tombstone arrives.
 */
function mayViewAttached(
  user: Actor,
  photo: { reporterId: string; photoDeletedAt: string | null; reportDeletedAt: string | null },
): boolean {
  return photo.photoDeletedAt === null && photo.reportDeletedAt === null
    ? can(user, 'reports.detail')
    : can(user, 'reports.read', { ownerId: photo.reporterId });
}

/**
 * Photo bytes travel apart from the mutations that use them, before them: a device uploads
 * each photo once by its own id, then pushes `photo.attach` naming that id.
 */
export function photoRoutes({ db, photos, guard }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.put(
    '/api/photos/:id',
    guard('photos.upload'),
    limitBody(MAX_IMAGE_BYTES, ERROR_MESSAGES.imageTooLarge),
    async (c) => {
      const id = photoId.safeParse(c.req.param('id'));
      if (!id.success) throw validationError({ id: ['ID foto tidak valid.'] });
      const declared = sha256Header.safeParse(c.req.header('x-content-sha256')?.toLowerCase());
      if (!declared.success) {
        throw validationError({
          sha256: ['Header X-Content-SHA256 (hex SHA-256 dari isi foto) wajib dikirim.'],
        });
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        throw new HttpError(413, ERROR_MESSAGES.imageTooLarge);
      const mimeType = sniffImageType(bytes);
      if (mimeType === null) throw new HttpError(415, ERROR_MESSAGES.unsupportedMedia);
      const sha256 = sha256Hex(bytes);
      if (sha256 !== declared.data) {
        throw validationError({
          sha256: ['Isi foto tidak cocok dengan hash yang dikirim; unggah ulang.'],
        });
      }
      const { user } = authOf(c);
      const existing = await first(
        db.select().from(photoUploads).where(eq(photoUploads.id, id.data)),
      );
      if (existing !== undefined) {
        if (existing.sha256 !== sha256 || existing.userId !== user.id) {
          throw new HttpError(409, 'ID foto ini sudah dipakai untuk foto lain.');
        }
        return c.json({
          id: existing.id,
          sha256,
          mime_type: existing.mimeType,
          size_bytes: existing.sizeBytes,
        });
      }
      // Bytes first, then the row: a crash between the two leaves an unreferenced file, never a
      // row pointing at bytes that are not there.
      await photos.put(bytes);
      await db.write((tx) =>
        tx
          .insert(photoUploads)
          .values({
            id: id.data,
            userId: user.id,
            sha256,
            mimeType,
            sizeBytes: bytes.byteLength,
            createdAt: nowIso(),
          })
          .onConflictDoNothing(),
      );
      return c.json(
        { id: id.data, sha256, mime_type: mimeType, size_bytes: bytes.byteLength },
        201,
      );
    },
  );

  app.get('/api/photos/:id', guard('sync.use'), async (c) => {
    const id = c.req.param('id');
    const { user } = authOf(c);
    const attached = await first(
      db
        .select({
          sha256: reportPhotos.sha256,
          mimeType: reportPhotos.mimeType,
          reporterId: reports.reporterId,
          photoDeletedAt: reportPhotos.deletedAt,
          reportDeletedAt: reports.deletedAt,
        })
        .from(reportPhotos)
        .innerJoin(reports, eq(reports.id, reportPhotos.reportId))
        .where(eq(reportPhotos.id, id)),
    );
    const upload = await first(db.select().from(photoUploads).where(eq(photoUploads.id, id)));
    if (attached === undefined && upload === undefined) throw notFound('Foto tidak ditemukan.');
    const mayRead =
      (attached !== undefined && mayViewAttached(user, attached)) ||
      (upload !== undefined && (upload.userId === user.id || user.role === 'admin'));
    if (!mayRead) throw forbidden('Anda tidak dapat melihat foto ini.');
    const sha256 = attached?.sha256 ?? upload?.sha256 ?? '';
    return streamPhoto(c, photos, {
      sha256,
      mimeType: attached?.mimeType ?? upload?.mimeType ?? 'application/octet-stream',
      cacheScope: 'private',
      missingMessage: 'Berkas foto tidak ada di server.',
    });
  });

  return app;
}
