import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { reason, type Area, type PosterSheet, type PosterTokenAnswer } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import type { DbOrTx } from '../db/change-seq.js';
import { nowIso } from '../db/change-seq.js';
import { first } from '../db/first.js';
import { areaPosters, areas, schools } from '../db/schema.js';
import { toWire } from '../data/wire.js';
import { notFound } from '../lib/http-error.js';
import { newPosterToken } from '../lib/tokens.js';

/*
 * The areas' QR posters and the school's switch for the public form behind them
 * (docs/decisions/029-public-problem-form.md). A poster names its area by a token of its own: the
 * admin's screen reads the tokens, a signed-in phone that scans one is taken to the app's form for
 * that area, and the public form (services/poster-reports.ts) files problems through it.
 */

const liveActiveArea = and(isNull(areas.deletedAt), eq(areas.active, true));

async function schoolOf(db: DbOrTx, schoolId: string) {
  const school = await first(
    db
      .select({ name: schools.name, posterReports: schools.posterReports })
      .from(schools)
      .where(eq(schools.id, schoolId)),
  );
  if (school === undefined) throw new Error(`school ${schoolId} is missing`);
  return school;
}

/**
 * Every active area of the school with its poster's token, a token made for each area that has
 * none yet. Sorted as the admin's area list is, by name.
 */
export async function posterSheet(db: Db, schoolId: string): Promise<PosterSheet> {
  const missing = await db
    .select({ id: areas.id })
    .from(areas)
    .leftJoin(areaPosters, eq(areaPosters.areaId, areas.id))
    .where(and(eq(areas.schoolId, schoolId), liveActiveArea, isNull(areaPosters.areaId)));
  if (missing.length > 0) {
    const createdAt = nowIso();
    await db.write(async (tx) => {
      for (const area of missing) {
        // Another admin's screen may have made it meanwhile: theirs stands.
        await tx
          .insert(areaPosters)
          .values({ areaId: area.id, schoolId, token: newPosterToken(), createdAt })
          .onConflictDoNothing({ target: areaPosters.areaId });
      }
    });
  }
  const rows = await db
    .select({ area_id: areas.id, area_name: areas.name, token: areaPosters.token })
    .from(areas)
    .innerJoin(areaPosters, eq(areaPosters.areaId, areas.id))
    .where(and(eq(areas.schoolId, schoolId), liveActiveArea))
    .orderBy(asc(sql`lower(${areas.name})`), asc(areas.id));
  const school = await schoolOf(db, schoolId);
  return { enabled: school.posterReports, school_name: school.name, posters: rows };
}

/** The school's admin opens or closes the public form of every poster at once. */
export async function setPosterReports(
  db: Db,
  schoolId: string,
  enabled: boolean,
): Promise<{ enabled: boolean }> {
  await db.write((tx) =>
    tx
      .update(schools)
      .set({ posterReports: enabled, updatedAt: nowIso() })
      .where(eq(schools.id, schoolId)),
  );
  return { enabled: (await schoolOf(db, schoolId)).posterReports };
}

/**
 * A new token for one area's poster: the printed one stops working at once (a poster that was
 * photographed and misused). Another school's area, a removed or inactive one, answers as a
 * missing area (decision 027).
 */
export async function renewPosterToken(
  db: Db,
  schoolId: string,
  areaId: string,
): Promise<PosterTokenAnswer> {
  return db.write(async (tx) => {
    const area = await first(
      tx
        .select({ id: areas.id })
        .from(areas)
        .where(and(eq(areas.id, areaId), eq(areas.schoolId, schoolId), liveActiveArea)),
    );
    if (area === undefined) throw notFound(reason('reference_not_found', { kind: 'area' }));
    const token = newPosterToken();
    await tx
      .insert(areaPosters)
      .values({ areaId, schoolId, token, createdAt: nowIso() })
      .onConflictDoUpdate({ target: areaPosters.areaId, set: { token, createdAt: nowIso() } });
    return { area_id: areaId, token };
  });
}

/**
 * The area a poster names, for a signed-in member of its school (their phone opens the app's
 * report form there); any other token, another school's included, is an unknown poster.
 */
export async function areaOfPoster(db: Db, schoolId: string, token: string): Promise<Area> {
  const row = await first(
    db
      .select()
      .from(areas)
      .innerJoin(areaPosters, eq(areaPosters.areaId, areas.id))
      .where(and(eq(areaPosters.token, token), eq(areas.schoolId, schoolId), liveActiveArea)),
  );
  if (row === undefined) throw notFound(reason('poster_not_found'));
  return toWire.areas(row.areas);
}

/** A poster as the public form sees it: its area and school, and whether the school takes problems. */
export interface PublicPoster {
  areaId: string;
  schoolId: string;
  areaName: string;
  schoolName: string;
  open: boolean;
}

/** The poster a token names, or undefined: a live, active area's current token only. */
export async function findPublicPoster(
  db: DbOrTx,
  token: string,
): Promise<PublicPoster | undefined> {
  const row = await first(
    db
      .select({
        areaId: areas.id,
        schoolId: areas.schoolId,
        areaName: areas.name,
        schoolName: schools.name,
        posterReports: schools.posterReports,
        deactivatedAt: schools.deactivatedAt,
      })
      .from(areaPosters)
      .innerJoin(areas, and(eq(areas.id, areaPosters.areaId), liveActiveArea))
      .innerJoin(schools, eq(schools.id, areas.schoolId))
      .where(eq(areaPosters.token, token)),
  );
  if (row === undefined) return undefined;
  const { deactivatedAt, posterReports, ...poster } = row;
  // A deactivated school's staff cannot sign in to see what would arrive: closed as well.
  return { ...poster, open: posterReports && deactivatedAt === null };
}
