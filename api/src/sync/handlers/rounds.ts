import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  answerIssues,
  doesRound,
  isOccurrence,
  occurrenceId,
  reason,
  type ParsedMutationArgs,
  type RoundAnswer,
  type RoundPlan,
} from '@urs/sync-protocol';
import { first } from '../../db/first.js';
import {
  photoUploads,
  roundCompletions,
  roundTemplateVersions,
  roundTemplates,
} from '../../db/schema.js';
import { inSchool } from '../../auth/visibility.js';
import { planOf, versionInEffect } from '../../data/rounds.js';
import { Refusal, refuse } from '../refusal.js';
import { boundFilingTime } from '../filing-time.js';
import {
  authorize,
  isRepeatOfOwnCreate,
  type HandlerMap,
  type MutationContext,
} from './context.js';

type CompleteArgs = ParsedMutationArgs<'round.complete'>;

/**
 * Whether the day is one the plan has an occurrence on. An `after_completion` round accepts
 * any day it could be due (from its start, outside pauses and archiving): the phone computed
 * it from the completions it held, which the server may order differently (decision 030).
 */
function scheduledOn(plan: RoundPlan, date: string): boolean {
  return plan.schedule.kind === 'after_completion'
    ? isOccurrence({ ...plan, schedule: { kind: 'daily' } }, date)
    : isOccurrence(plan, date);
}

/** Every photo named must be an upload of the pusher's (an admin: of the school) already here. */
async function assertPhotosUploaded(ctx: MutationContext, a: CompleteArgs): Promise<void> {
  const ids = [...new Set(a.answers.flatMap((answer) => answer.photos))];
  if (ids.length === 0) return;
  const uploads = await ctx.tx
    .select({ id: photoUploads.id, userId: photoUploads.userId })
    .from(photoUploads)
    .where(and(inArray(photoUploads.id, ids), inSchool(photoUploads, ctx.actor.schoolId)));
  const usable = new Set(
    uploads.filter((u) => u.userId === ctx.actor.id || ctx.actor.role === 'admin').map((u) => u.id),
  );
  if (ids.some((id) => !usable.has(id))) {
    throw new Refusal('photo_missing', reason('photo_not_uploaded'));
  }
}

/**
 * `round.complete` (decision 030): exactly once by the device's id; the first completion of an
 * occurrence to reach the server closes it, a later one is kept and names who closed it and
 * when. Checked against the version the phone answered, never refused for being old.
 */
async function complete(ctx: MutationContext, a: CompleteArgs): Promise<void> {
  const { tx, actor, now, seq } = ctx;
  authorize(actor, 'rounds.complete');
  // Ids are global keys: one's own repeat is a no-op, anyone else's (any school's) is taken.
  const existing = await first(
    tx
      .select({ ownerId: roundCompletions.completedBy })
      .from(roundCompletions)
      .where(eq(roundCompletions.id, a.id)),
  );
  if (isRepeatOfOwnCreate(existing, actor, 'round')) return;

  const template = await first(
    tx
      .select()
      .from(roundTemplates)
      .where(and(eq(roundTemplates.id, a.template_id), inSchool(roundTemplates, actor.schoolId))),
  );
  if (template === undefined) throw refuse.notFound(reason('round_gone'));
  const versions = await tx
    .select({
      version: roundTemplateVersions.version,
      definition: roundTemplateVersions.definition,
      effectiveFrom: roundTemplateVersions.effectiveFrom,
    })
    .from(roundTemplateVersions)
    .where(eq(roundTemplateVersions.templateId, template.id))
    .orderBy(asc(roundTemplateVersions.version));
  const answered = versions.find((v) => v.version === a.template_version);
  if (answered === undefined) {
    throw refuse.invalid('template_version', reason('round_version_unknown'));
  }
  // Its assignee or role then, or now (work done before a hand-over is kept), or an admin.
  const current = {
    assignee_user_id: template.assigneeUserId,
    assignee_role: template.assigneeRole,
  };
  if (!doesRound(answered.definition, actor) && !doesRound(current, actor)) {
    throw new Refusal('forbidden', reason('round_forbidden'));
  }
  // The day is one the version in effect on it produces, or one the answered version produced:
  // a phone offline through an edit computed its rounds from the version it held, and that
  // work is kept (decision 030), never refused for a schedule it could not know.
  const inEffect = versionInEffect(versions, a.occurrence_date);
  if (
    !scheduledOn(planOf(inEffect.definition, template), a.occurrence_date) &&
    !scheduledOn(planOf(answered.definition, template), a.occurrence_date)
  ) {
    throw refuse.invalid('occurrence_date', reason('round_occurrence_unknown'));
  }
  const issues = answerIssues(answered.definition.items, a.answers);
  const firstIssue = Object.values(issues)[0]?.[0];
  if (firstIssue !== undefined) throw new Refusal('validation', firstIssue, issues);
  await assertPhotosUploaded(ctx, a);

  const completedAt = boundFilingTime(a.completed_at, await ctx.filingBounds());
  const startedAt =
    a.started_at === undefined ? null : boundFilingTime(a.started_at, await ctx.filingBounds());
  const occurrence = occurrenceId(template.id, a.occurrence_date);
  const closer = await first(
    tx
      .select({ by: roundCompletions.completedBy, at: roundCompletions.completedAt })
      .from(roundCompletions)
      .where(
        and(
          eq(roundCompletions.occurrenceId, occurrence),
          eq(roundCompletions.closing, true),
          inSchool(roundCompletions, actor.schoolId),
        ),
      ),
  );
  const byItem = new Map(a.answers.map((answer) => [answer.item_id, answer]));
  const answers: RoundAnswer[] = answered.definition.items.map((item) => {
    const answer = byItem.get(item.id);
    return {
      item_id: item.id,
      label: item.label,
      kind: item.kind,
      unit: item.unit ?? null,
      photo: item.photo,
      value: answer?.value ?? null,
      note: answer?.note ?? null,
      photos: answer?.photos ?? [],
    };
  });
  await tx.insert(roundCompletions).values({
    id: a.id,
    schoolId: actor.schoolId,
    templateId: template.id,
    templateVersion: answered.version,
    occurrenceId: occurrence,
    occurrenceDate: a.occurrence_date,
    completedBy: actor.id,
    completedAt,
    startedAt,
    note: a.note ?? null,
    answers,
    closing: closer === undefined,
    closedById: closer?.by ?? null,
    closedAt: closer?.at ?? null,
    assigneeUserId: answered.definition.assignee_user_id,
    assigneeRole: answered.definition.assignee_role,
    createdAt: now,
    updatedAt: now,
    changeSeq: seq(),
  });
}

export const roundHandlers: Pick<HandlerMap, 'round.complete'> = {
  'round.complete': complete,
};
