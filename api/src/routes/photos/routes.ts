import { Hono } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { MAX_IMAGE_BYTES, reason } from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
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
 * in); once the photo or its report is removed, only by those who hold the report (its reporter,
 * its assignee: decision 028) and admins, whose devices may still show it until the tombstone
 * arrives.
 */
function mayViewAttached(
  user: Actor,
  photo: {
    reporterId: string;
    assigneeId: string | null;
    photoDeletedAt: string | null;
    reportDeletedAt: string | null;
  },
): boolean {
  if (photo.photoDeletedAt === null && photo.reportDeletedAt === null) {
    return can(user, 'reports.detail');
  }
  return (
    can(user, 'reports.read', { ownerId: photo.reporterId }) ||
    (photo.assigneeId !== null && can(user, 'reports.read', { ownerId: photo.assigneeId }))
  );
}

type PhotoUpload = typeof photoUploads.$inferSelect;

const uploadAnswer = (row: PhotoUpload) => ({
  id: row.id,
  sha256: row.sha256,
  mime_type: row.mimeType,
  size_bytes: row.sizeBytes,
});

/** An id uploaded before: the same bytes by the same user is a retry; anything else, a clash. */
function repeatedUpload(existing: PhotoUpload, sha256: string, userId: string) {
  if (existing.sha256 !== sha256 || existing.userId !== userId) {
    throw new HttpError(409, reason('photo_id_taken'));
  }
  return uploadAnswer(existing);
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
    limitBody(MAX_IMAGE_BYTES, reason('image_too_large')),
    async (c) => {
      const id = photoId.safeParse(c.req.param('id'));
      if (!id.success) throw validationError({ id: [reason('photo_id_invalid')] });
      const declared = sha256Header.safeParse(c.req.header('x-content-sha256')?.toLowerCase());
      if (!declared.success) {
        throw validationError({
          sha256: [reason('photo_hash_header')],
        });
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > MAX_IMAGE_BYTES) throw new HttpError(413, reason('image_too_large'));
      const mimeType = sniffImageType(bytes);
      if (mimeType === null) throw new HttpError(415, reason('image_type_unsupported'));
      const sha256 = sha256Hex(bytes);
      if (sha256 !== declared.data) {
        throw validationError({
          sha256: [reason('photo_hash_mismatch')],
        });
      }
      const user = schoolActor(c);
      const existing = await first(
        db.select().from(photoUploads).where(eq(photoUploads.id, id.data)),
      );
      if (existing !== undefined) return c.json(repeatedUpload(existing, sha256, user.id));
      // Bytes first, then the row: a crash between the two leaves an unreferenced file, never a
      // row pointing at bytes that are not there.
      await photos.put(bytes);
      const inserted = await db.write((tx) =>
        tx
          .insert(photoUploads)
          .values({
            id: id.data,
            schoolId: user.schoolId,
            userId: user.id,
            sha256,
            mimeType,
            sizeBytes: bytes.byteLength,
            createdAt: nowIso(),
          })
          .onConflictDoNothing()
          .returning(),
      );
      const row = inserted[0];
      if (row === undefined) {
        // Another upload of this id committed since the check above: answered as if it came
        // after it (200 for the same bytes, 409 for others), never a second 201.
        const winner = await first(
          db.select().from(photoUploads).where(eq(photoUploads.id, id.data)),
        );
        if (winner === undefined) throw new Error(`photo upload ${id.data} vanished`);
        return c.json(repeatedUpload(winner, sha256, user.id));
      }
      return c.json(uploadAnswer(row), 201);
    },
  );

  app.get('/api/photos/:id', guard('sync.use'), async (c) => {
    const id = c.req.param('id');
    const user = schoolActor(c);
    // Both lookups within the caller's school: another school's photo answers as a missing one
    // (decision 027), never as a forbidden one.
    const attached = await first(
      db
        .select({
          sha256: reportPhotos.sha256,
          mimeType: reportPhotos.mimeType,
          sizeBytes: reportPhotos.sizeBytes,
          reporterId: reports.reporterId,
          assigneeId: reports.assigneeId,
          photoDeletedAt: reportPhotos.deletedAt,
          reportDeletedAt: reports.deletedAt,
        })
        .from(reportPhotos)
        .innerJoin(reports, eq(reports.id, reportPhotos.reportId))
        .where(and(eq(reportPhotos.id, id), eq(reportPhotos.schoolId, user.schoolId))),
    );
    const upload = await first(
      db
        .select()
        .from(photoUploads)
        .where(and(eq(photoUploads.id, id), eq(photoUploads.schoolId, user.schoolId))),
    );
    if (attached === undefined && upload === undefined) throw notFound(reason('photo_not_found'));
    const mayRead =
      (attached !== undefined && mayViewAttached(user, attached)) ||
      (upload !== undefined && (upload.userId === user.id || user.role === 'admin'));
    if (!mayRead) throw forbidden(reason('photo_forbidden'));
    const sha256 = attached?.sha256 ?? upload?.sha256 ?? '';
    return streamPhoto(c, photos, {
      sha256,
      mimeType: attached?.mimeType ?? upload?.mimeType ?? 'application/octet-stream',
      sizeBytes: attached?.sizeBytes ?? upload?.sizeBytes,
      cacheScope: 'private',
      missing: reason('photo_file_missing'),
    });
  });

  return app;
}
