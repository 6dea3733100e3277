import { and, eq } from 'drizzle-orm';
import {
  MAX_IMAGE_BYTES,
  newId,
  reason,
  type AllowedImageType,
  type PosterReceipt,
  type PosterReportInput,
  type Role,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { ChangeSeqRange, nowIso } from '../db/change-seq.js';
import { first } from '../db/first.js';
import { nextReportNumber } from '../db/report-numbers.js';
import { reportPhotos, reports, users } from '../db/schema.js';
import { forbidden, HttpError, notFound, validationError } from '../lib/http-error.js';
import { sniffImageType } from '../lib/images.js';
import type { SchoolClock } from '../lib/school-time.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { findPublicPoster, type PublicPoster } from './posters.js';
import type { PosterThrottle } from './poster-throttle.js';

/*
 * A problem reported through an area's poster by someone without an account
 * (docs/decisions/029-public-problem-form.md): a report of the area's school, unassigned in the
 * admin's queue, marked as coming from the poster (decision 028), filed by the school's poster
 * reporter, with the optional photo as its before photo and the sender's optional name and
 * contact at the end of its description.
 */

/**
 * The account poster problems are filed under, one per school, made with its first problem. It is
 * written deleted: every query of the school's people (user lists, the role explorer, analytics,
 * who may be assigned, sign-in, the phones' user tables) reads live users only, so it is none of
 * them, while every report and export that names a reporter still finds its name, and a phone
 * keeps it as the name of a departed user (the pull's delete carries it). It has no password.
 */
export const POSTER_REPORTER = {
  name: 'Poster QR',
  /** The reserved `.invalid` domain (RFC 2606): no mailbox and no single sign-on can claim it. */
  email: 'poster-qr@urs.invalid',
  role: 'custodian' satisfies Role,
  passwordHash: '!',
} as const;

/** A report's reference as its sender gets it: 8 characters of the random end of its id. */
export function posterReference(reportId: string): string {
  const tail = reportId.replace(/-/g, '').slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}

/** The problem as the report's description: the text, then where it came from and from whom. */
export function posterDescription(input: PosterReportInput, reference: string): string {
  const lines = [input.description, '', `— Laporan dari poster QR · Ref. ${reference}`];
  if (input.name !== null) lines.push(`Nama: ${input.name}`);
  if (input.contact !== null) lines.push(`Kontak: ${input.contact}`);
  return lines.join('\n');
}

export interface PosterPhoto {
  bytes: Uint8Array;
  mimeType: AllowedImageType;
}

/** The same limits as every upload: JPG, PNG or WEBP by its bytes, at most 10 MB. */
export function checkPosterPhoto(bytes: Uint8Array): PosterPhoto {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw validationError({ photo: [reason('image_too_large')] });
  }
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) throw validationError({ photo: [reason('image_type_unsupported')] });
  return { bytes, mimeType };
}

export function tooManyPosterReports(waitMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(429, reason('too_many_poster_reports', { minutes }), undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/** The poster a token names, open or not; an unknown token is a 404 that says so. */
export async function publicPoster(db: Db, token: string): Promise<PublicPoster> {
  const poster = await findPublicPoster(db, token);
  if (poster === undefined) throw notFound(reason('poster_not_found'));
  return poster;
}

/** The poster a token names, refused plainly when the school has closed the form. */
export async function openPoster(db: Db, token: string): Promise<PublicPoster> {
  const poster = await publicPoster(db, token);
  if (!poster.open) throw forbidden(reason('poster_reports_closed'));
  return poster;
}

/** The school's poster reporter, made in this transaction when the school has none yet. */
async function posterReporterId(
  tx: Tx,
  schoolId: string,
  now: string,
  seq: ChangeSeqRange,
): Promise<string> {
  const known = await first(
    tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, schoolId),
          eq(users.role, POSTER_REPORTER.role),
          eq(users.name, POSTER_REPORTER.name),
          eq(users.email, POSTER_REPORTER.email),
        ),
      )
      .limit(1),
  );
  if (known !== undefined) return known.id;
  const id = newId();
  await tx.insert(users).values({
    id,
    schoolId,
    name: POSTER_REPORTER.name,
    email: POSTER_REPORTER.email,
    role: POSTER_REPORTER.role,
    passwordHash: POSTER_REPORTER.passwordHash,
    createdAt: now,
    updatedAt: now,
    deletedAt: now,
    changeSeq: seq.take(),
  });
  return id;
}

export interface PosterFiling {
  poster: PublicPoster;
  input: PosterReportInput;
  photo: PosterPhoto | null;
  /** The school's calendar, for the report number's year. */
  clock: SchoolClock;
}

/**
 * Stores the problem: photo bytes first (a crash after leaves an unreferenced file, never a row
 * without its bytes), then the report and its photo in one transaction that takes the school's
 * change counter first, as every server-side write of the school does, so the admins' phones
 * pull it in order, and so the area's flood count is checked and counted one problem at a time.
 */
export async function filePosterReport(
  db: Db,
  photos: PhotoStore,
  throttle: PosterThrottle,
  { poster, input, photo, clock }: PosterFiling,
): Promise<PosterReceipt> {
  // Refused before the photo is stored, when it is plain already.
  const early = await throttle.areaWait(db, poster.areaId);
  if (early > 0) throw tooManyPosterReports(early);
  const sha256 = photo === null ? null : await photos.put(photo.bytes);
  const reportId = newId();
  const reference = posterReference(reportId);
  await db.write(async (tx) => {
    const { schoolId } = poster;
    const seq = await ChangeSeqRange.open(tx, schoolId);
    const wait = await throttle.countArea(tx, poster.areaId);
    if (wait > 0) throw tooManyPosterReports(wait);
    const now = nowIso();
    // Its reporter first, so a phone never pulls the report before the name it goes by.
    const reporterId = await posterReporterId(tx, schoolId, now, seq);
    await tx.insert(reports).values({
      id: reportId,
      schoolId,
      number: await nextReportNumber(tx, schoolId, now, clock),
      reporterId,
      assigneeId: null,
      areaId: poster.areaId,
      categoryId: null,
      workType: 'other',
      description: posterDescription(input, reference),
      status: 'pending',
      reportedAt: now,
      origin: 'poster',
      createdAt: now,
      updatedAt: now,
      changeSeq: seq.take(),
    });
    if (photo !== null && sha256 !== null) {
      await tx.insert(reportPhotos).values({
        id: newId(),
        schoolId,
        reportId,
        kind: 'before',
        sha256,
        mimeType: photo.mimeType,
        sizeBytes: photo.bytes.byteLength,
        position: 0,
        capturedAt: null,
        reporterId,
        assigneeId: null,
        createdAt: now,
        updatedAt: now,
        changeSeq: seq.take(),
      });
    }
    await seq.commit();
  });
  return { reference };
}
