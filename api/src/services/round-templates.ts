import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  newId,
  reason,
  type RoundPause,
  type RoundTemplate,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { first } from '../db/first.js';
import { nextChangeSeq, nowIso } from '../db/change-seq.js';
import { roundTemplateVersions, roundTemplates } from '../db/schema.js';
import { rowsOf } from '../db/statement.js';
import { inSchool } from '../auth/visibility.js';
import { toWire } from '../data/wire.js';
import type { RoundTemplateRow } from '../data/rounds.js';
import { conflict, fieldRefusal, notFound, validationError } from '../lib/http-error.js';

/*
 * The admin's round templates (docs/decisions/030-rounds.md): create, save a new version,
 * pause, resume, archive. Every write takes a change number of the school, so the pull brings
 * the template to every phone of the school; a save also keeps the definition as a version,
 * so completions and compliance read each day by the definition it had.
 */

/** A template as the admin's list shows it: the wire row, and when it was archived. */
export function adminTemplate(row: RoundTemplateRow): RoundTemplate {
  return { ...toWire.round_templates(row), archived_at: row.deletedAt };
}

const gone = () => notFound(reason('round_gone'));

/** How many of `ids` are live rows of the school's `table` (a user: of a school role). */
async function liveCount(
  tx: Tx,
  table: 'areas' | 'categories' | 'users',
  ids: readonly string[],
  schoolId: string,
): Promise<number> {
  const marks = ids.map(() => '?').join(', ');
  const role = table === 'users' ? " AND role <> 'district_admin'" : '';
  const rows = await rowsOf(
    tx,
    `SELECT id FROM ${table} WHERE id IN (${marks}) AND school_id = ? AND deleted_at IS NULL${role}`,
    ...ids,
    schoolId,
  );
  return rows.length;
}

/** The references a definition names must be live rows of the school. */
async function checkReferences(
  tx: Tx,
  schoolId: string,
  def: RoundTemplateDefinition,
): Promise<void> {
  if ((await liveCount(tx, 'areas', def.area_ids, schoolId)) !== def.area_ids.length) {
    throw validationError(
      fieldRefusal('area_ids', reason('reference_not_found', { kind: 'area' })),
    );
  }
  if (
    def.category_id !== null &&
    (await liveCount(tx, 'categories', [def.category_id], schoolId)) === 0
  ) {
    throw validationError(
      fieldRefusal('category_id', reason('reference_not_found', { kind: 'category' })),
    );
  }
  if (
    def.assignee_user_id !== null &&
    (await liveCount(tx, 'users', [def.assignee_user_id], schoolId)) === 0
  ) {
    throw validationError(fieldRefusal('assignee_user_id', reason('assignee_unknown')));
  }
}

/** The template row's columns for a definition (the demo seed writes its rounds with it too). */
export function definitionColumns(def: RoundTemplateDefinition) {
  return {
    title: def.title,
    areaIds: def.area_ids,
    categoryId: def.category_id,
    workType: def.work_type,
    items: def.items.map((i) => ({ ...i, unit: i.unit ?? null })),
    assigneeUserId: def.assignee_user_id,
    assigneeRole: def.assignee_role,
    schedule: def.schedule,
    startDate: def.start_date,
    endDate: def.end_date,
    dueTime: def.due_time,
  };
}

async function liveTemplate(tx: Tx, schoolId: string, id: string): Promise<RoundTemplateRow> {
  const row = await first(
    tx
      .select()
      .from(roundTemplates)
      .where(
        and(
          eq(roundTemplates.id, id),
          inSchool(roundTemplates, schoolId),
          isNull(roundTemplates.deletedAt),
        ),
      ),
  );
  if (row === undefined) throw gone();
  return row;
}

export class RoundTemplateService {
  constructor(private readonly db: Db) {}

  /** The school's templates, oldest first; archived ones only when asked. */
  async list(schoolId: string, archived: boolean): Promise<RoundTemplate[]> {
    const rows = await this.db
      .select()
      .from(roundTemplates)
      .where(
        and(
          inSchool(roundTemplates, schoolId),
          archived ? isNotNull(roundTemplates.deletedAt) : isNull(roundTemplates.deletedAt),
        ),
      )
      .orderBy(asc(roundTemplates.createdAt), asc(roundTemplates.id));
    return rows.map(adminTemplate);
  }

  /** One template (archived ones too) with the days each of its versions took effect. */
  async get(
    schoolId: string,
    id: string,
  ): Promise<{
    data: RoundTemplate;
    versions: { version: number; effective_from: string; created_at: string }[];
  }> {
    const row = await first(
      this.db
        .select()
        .from(roundTemplates)
        .where(and(eq(roundTemplates.id, id), inSchool(roundTemplates, schoolId))),
    );
    if (row === undefined) throw gone();
    const versions = await this.db
      .select({
        version: roundTemplateVersions.version,
        effective_from: roundTemplateVersions.effectiveFrom,
        created_at: roundTemplateVersions.createdAt,
      })
      .from(roundTemplateVersions)
      .where(eq(roundTemplateVersions.templateId, id))
      .orderBy(asc(roundTemplateVersions.version));
    return { data: adminTemplate(row), versions };
  }

  async create(
    actor: { id: string; schoolId: string },
    def: RoundTemplateDefinition & { id?: string },
    today: string,
  ): Promise<RoundTemplate> {
    const id = def.id ?? newId();
    return this.db.write(async (tx) => {
      // Ids are global keys: one held anywhere (another school's too) is taken.
      const taken = await first(
        tx.select({ id: roundTemplates.id }).from(roundTemplates).where(eq(roundTemplates.id, id)),
      );
      if (taken !== undefined) throw conflict(reason('id_taken', { kind: 'round' }));
      await checkReferences(tx, actor.schoolId, def);
      const now = nowIso();
      const changeSeq = await nextChangeSeq(tx, actor.schoolId);
      const [row] = await tx
        .insert(roundTemplates)
        .values({
          id,
          schoolId: actor.schoolId,
          version: 1,
          ...definitionColumns(def),
          paused: false,
          pauses: [],
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
          changeSeq,
        })
        .returning();
      if (row === undefined) throw new Error('round template insert returned nothing');
      await tx.insert(roundTemplateVersions).values({
        templateId: id,
        version: 1,
        schoolId: actor.schoolId,
        definition: withoutId(def),
        effectiveFrom: today,
        createdBy: actor.id,
        createdAt: now,
      });
      return adminTemplate(row);
    });
  }

  /** Saves a new version: the template becomes it from `today` on; earlier days keep theirs. */
  async update(
    actor: { id: string; schoolId: string },
    id: string,
    def: RoundTemplateDefinition,
    today: string,
  ): Promise<RoundTemplate> {
    return this.db.write(async (tx) => {
      const current = await liveTemplate(tx, actor.schoolId, id);
      await checkReferences(tx, actor.schoolId, def);
      const now = nowIso();
      const version = current.version + 1;
      const [row] = await tx
        .update(roundTemplates)
        .set({
          ...definitionColumns(def),
          version,
          updatedAt: now,
          changeSeq: await nextChangeSeq(tx, actor.schoolId),
        })
        .where(and(eq(roundTemplates.id, id), inSchool(roundTemplates, actor.schoolId)))
        .returning();
      if (row === undefined) throw gone();
      await tx.insert(roundTemplateVersions).values({
        templateId: id,
        version,
        schoolId: actor.schoolId,
        definition: withoutId(def),
        effectiveFrom: today,
        createdBy: actor.id,
        createdAt: now,
      });
      return adminTemplate(row);
    });
  }

  /** No occurrence from `today` until resumed; pausing a paused template changes nothing. */
  pause(schoolId: string, id: string, today: string): Promise<RoundTemplate> {
    return this.setPauses(schoolId, id, (row) =>
      row.paused ? null : [...row.pauses, { from: today, to: null }],
    );
  }

  /** Occurrences again from `today`; resuming a running template changes nothing. */
  resume(schoolId: string, id: string, today: string): Promise<RoundTemplate> {
    return this.setPauses(schoolId, id, (row) => {
      if (!row.paused) return null;
      const pauses = row.pauses.slice(0, -1);
      const last = row.pauses.at(-1);
      // Paused and resumed on one day: nothing was ever skipped, no pause is kept.
      if (last !== undefined && last.from < today) pauses.push({ from: last.from, to: today });
      return pauses;
    });
  }

  private setPauses(
    schoolId: string,
    id: string,
    next: (row: RoundTemplateRow) => RoundPause[] | null,
  ): Promise<RoundTemplate> {
    return this.db.write(async (tx) => {
      const row = await liveTemplate(tx, schoolId, id);
      const pauses = next(row);
      if (pauses === null) return adminTemplate(row);
      const paused = pauses.at(-1)?.to === null;
      const [updated] = await tx
        .update(roundTemplates)
        .set({
          pauses,
          paused,
          updatedAt: nowIso(),
          changeSeq: await nextChangeSeq(tx, schoolId),
        })
        .where(and(eq(roundTemplates.id, id), inSchool(roundTemplates, schoolId)))
        .returning();
      if (updated === undefined) throw gone();
      return adminTemplate(updated);
    });
  }

  /** Archives: due no more from `today`; its versions and completions stay for history. */
  async archive(schoolId: string, id: string, today: string): Promise<void> {
    await this.db.write(async (tx) => {
      await liveTemplate(tx, schoolId, id);
      const now = nowIso();
      await tx
        .update(roundTemplates)
        .set({
          deletedAt: now,
          archivedOn: today,
          updatedAt: now,
          changeSeq: await nextChangeSeq(tx, schoolId),
        })
        .where(and(eq(roundTemplates.id, id), inSchool(roundTemplates, schoolId)));
    });
  }
}

/** The definition a version keeps: every field of the input but the create's id. */
function withoutId(def: RoundTemplateDefinition & { id?: string }): RoundTemplateDefinition {
  return {
    title: def.title,
    area_ids: def.area_ids,
    category_id: def.category_id,
    work_type: def.work_type,
    items: def.items.map((i) => ({ ...i, unit: i.unit ?? null })),
    assignee_user_id: def.assignee_user_id,
    assignee_role: def.assignee_role,
    schedule: def.schedule,
    start_date: def.start_date,
    end_date: def.end_date,
    due_time: def.due_time,
  };
}
