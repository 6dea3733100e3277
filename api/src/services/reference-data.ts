import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  newId,
  pageMeta,
  type Area,
  type AreaCreateInput,
  type AreaUpdateInput,
  type Category,
  type CategoryCreateInput,
  type CategoryUpdateInput,
  type Paged,
  reason,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { nextChangeSeq, nowIso, type DbOrTx } from '../db/change-seq.js';
import { countOf, first } from '../db/first.js';
import { toWire } from '../data/wire.js';
import { areas, categories } from '../db/schema.js';
import { conflict, notFound, validationError } from '../lib/http-error.js';
import { containsText } from '../db/dialect.js';

/*
 * Areas and categories are the same kind of thing (named reference data an admin keeps, read
 * by everyone, deleted by tombstone); areas add an active flag. One implementation serves both.
 */
type ReferenceTable = typeof areas | typeof categories;

interface ReferenceKind<Row, Out, Create, Update> {
  table: ReferenceTable;
  /** The kind's name in error reasons. */
  code: 'area' | 'category';
  toPublic: (row: Row) => Out;
  insertValues: (input: Create) => Record<string, unknown>;
  updateValues: (input: Update) => Record<string, unknown>;
  /** Extra list filter (areas by active), from the raw query string. */
  filter?: (query: Record<string, string | undefined>) => SQL | undefined;
}

type AreaRow = typeof areas.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

const definedOnly = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

export const AREA_KIND: ReferenceKind<AreaRow, Area, AreaCreateInput, AreaUpdateInput> = {
  table: areas,
  code: 'area',
  toPublic: toWire.areas,
  insertValues: (input) => ({
    name: input.name,
    description: input.description ?? null,
    active: input.active ?? true,
  }),
  updateValues: (input) =>
    definedOnly({ name: input.name, description: input.description, active: input.active }),
  filter: (query) => {
    if (query['active'] === 'true' || query['active'] === '1') return eq(areas.active, true);
    if (query['active'] === 'false' || query['active'] === '0') return eq(areas.active, false);
    return undefined;
  },
};

export const CATEGORY_KIND: ReferenceKind<
  CategoryRow,
  Category,
  CategoryCreateInput,
  CategoryUpdateInput
> = {
  table: categories,
  code: 'category',
  toPublic: toWire.categories,
  insertValues: (input) => ({ name: input.name, description: input.description ?? null }),
  updateValues: (input) => definedOnly({ name: input.name, description: input.description }),
};

export class ReferenceService<
  Row,
  Out,
  Create extends { id?: string | undefined; name: string },
  Update extends { name?: string | undefined },
> {
  constructor(
    private readonly db: Db,
    private readonly kind: ReferenceKind<Row, Out, Create, Update>,
  ) {}

  private get t() {
    return this.kind.table;
  }

  /** A live row of the school; another school's answers as a missing one (decision 027). */
  private async findLive(tx: DbOrTx, schoolId: string, id: string): Promise<Row | undefined> {
    return (await first(
      tx
        .select()
        .from(this.t)
        .where(and(eq(this.t.id, id), eq(this.t.schoolId, schoolId), isNull(this.t.deletedAt))),
    )) as Row | undefined;
  }

  async get(schoolId: string, id: string): Promise<Out> {
    const row = await this.findLive(this.db, schoolId, id);
    if (row === undefined) throw notFound(reason('reference_not_found', { kind: this.kind.code }));
    return this.kind.toPublic(row);
  }

  /**
   * Names are unique among the school's live rows, ignoring case, so "Kantin" and "kantin" cannot
   * both exist in one school; another school may have its own "Kantin".
   */
  private async assertNameFree(
    tx: DbOrTx,
    schoolId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    const conditions = [
      eq(this.t.schoolId, schoolId),
      sql`lower(${this.t.name}) = lower(${name})`,
      isNull(this.t.deletedAt),
    ];
    if (exceptId !== undefined) conditions.push(ne(this.t.id, exceptId));
    const clash = await first(
      tx
        .select({ id: this.t.id })
        .from(this.t)
        .where(and(...conditions))
        .limit(1),
    );
    if (clash !== undefined) {
      throw validationError({ name: [reason('reference_name_taken', { kind: this.kind.code })] });
    }
  }

  async list(
    schoolId: string,
    query: { q?: string | undefined; page: number; per_page: number },
    raw: Record<string, string | undefined> = {},
  ): Promise<Paged<Out>> {
    const conditions: SQL[] = [eq(this.t.schoolId, schoolId), isNull(this.t.deletedAt)];
    if (query.q !== undefined && query.q !== '') {
      const match = or(
        containsText(this.t.name, query.q),
        containsText(this.t.description, query.q),
      );
      if (match !== undefined) conditions.push(match);
    }
    const extra = this.kind.filter?.(raw);
    if (extra !== undefined) conditions.push(extra);
    const where = and(...conditions);
    const total = await countOf(this.db.select({ n: count() }).from(this.t).where(where));
    const rows = (await this.db
      .select()
      .from(this.t)
      .where(where)
      .orderBy(sql`lower(${this.t.name})`, asc(this.t.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)) as Row[];
    return {
      data: rows.map(this.kind.toPublic),
      meta: pageMeta(query.page, query.per_page, total),
    };
  }

  /**
   * Idempotent on a client-chosen id: creating the same id again answers the existing row. The
   * row belongs to `schoolId`, whose counter numbers it (and each write below).
   */
  create(schoolId: string, input: Create): Promise<Out> {
    return this.db.write(async (tx) => {
      // The change number first: on PostgreSQL its row lock serialises this with any other
      // create (decision 007), so the id and name checks below see a row committed while this
      // one waited, and a concurrent create of the same id or name is answered as a sequential
      // one is, not by the unique index's error. A repeat that finds its row leaves the number
      // unused, which no pull minds.
      const changeSeq = await nextChangeSeq(tx, schoolId);
      if (input.id !== undefined) {
        const existing = await first(tx.select().from(this.t).where(eq(this.t.id, input.id)));
        if (existing !== undefined) {
          // Ids are global keys: another school's row keeps its id, and the create is refused
          // as any id already taken is, without telling whose it is (decision 027).
          if (existing.schoolId !== schoolId) {
            throw conflict(reason('id_taken', { kind: this.kind.code }));
          }
          return this.kind.toPublic(existing as Row);
        }
      }
      await this.assertNameFree(tx, schoolId, input.name);
      const now = nowIso();
      const row = (await first(
        tx
          .insert(this.t)
          .values({
            id: input.id ?? newId(),
            schoolId,
            ...this.kind.insertValues(input),
            createdAt: now,
            updatedAt: now,
            changeSeq,
          } as typeof areas.$inferInsert)
          .returning(),
      )) as Row;
      return this.kind.toPublic(row);
    });
  }

  update(schoolId: string, id: string, input: Update): Promise<Out> {
    return this.db.write(async (tx) => {
      // First, as in create: a concurrent rename to the same name is then refused as taken.
      const changeSeq = await nextChangeSeq(tx, schoolId);
      if ((await this.findLive(tx, schoolId, id)) === undefined) {
        throw notFound(reason('reference_not_found', { kind: this.kind.code }));
      }
      if (input.name !== undefined) await this.assertNameFree(tx, schoolId, input.name, id);
      const row = (await first(
        tx
          .update(this.t)
          .set({ ...this.kind.updateValues(input), updatedAt: nowIso(), changeSeq })
          .where(and(eq(this.t.id, id), eq(this.t.schoolId, schoolId)))
          .returning(),
      )) as Row;
      return this.kind.toPublic(row);
    });
  }

  /** Tombstones the row: reports that name it keep a valid reference, devices learn via pull. */
  async delete(schoolId: string, id: string): Promise<void> {
    await this.db.write(async (tx) => {
      if ((await this.findLive(tx, schoolId, id)) === undefined) {
        throw notFound(reason('reference_not_found', { kind: this.kind.code }));
      }
      const now = nowIso();
      const changeSeq = await nextChangeSeq(tx, schoolId);
      await tx
        .update(this.t)
        .set({ deletedAt: now, updatedAt: now, changeSeq })
        .where(and(eq(this.t.id, id), eq(this.t.schoolId, schoolId)));
    });
  }
}
