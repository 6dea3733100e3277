import {
  checkAnswers,
  newId,
  occurrenceId,
  type RoundAnswer,
  type RoundCompletion,
  type RoundItem,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { db, type PhotoRecord, type UrsDatabase } from '../../../db/index.js';
import { planned, type PlannedMutation } from '../../../sync/index.js';
import { planCreate, type FormPhoto } from '../form/report-form-state.js';
import { runPlan } from '../data/report-writes.js';
import { t } from '../../../lib/i18n.js';
import { errorText } from '../../../lib/error-text.js';

/*
 * Completing a round on the device (decision 030): one `round.complete` through the outbox with
 * the completion it leaves on this device, so `/tasks` shows it done at once, offline; photos are
 * the device's photos table's, uploaded by the sync engine before the completion goes. A failed
 * item may raise a report: an ordinary `report.create` queued after the completion, linked to it,
 * with its own copies of the item's photos (a photo belongs to one report).
 */

/** A photo the form took: kept in the device's photos table (sync/photos.ts). */
export type FormPhotoRecord = PhotoRecord;

/** One item's answer as the form holds it. */
export interface AnswerDraft {
  item_id: string;
  value: string | number | null;
  note: string;
  photos: readonly PhotoRecord[];
}

/** The completion row this device shows until the server's comes back with the pull. */
export function completionRow(input: {
  id: string;
  template: RoundTemplate;
  date: string;
  userId: string;
  answers: readonly AnswerDraft[];
  note: string;
  startedAt: string | null;
  at: string;
}): RoundCompletion {
  const byItem = new Map(input.answers.map((a) => [a.item_id, a]));
  const answers: RoundAnswer[] = input.template.items.map((item) => {
    const a = byItem.get(item.id);
    return {
      item_id: item.id,
      label: item.label,
      kind: item.kind,
      unit: item.unit,
      photo: item.photo,
      value: a?.value ?? null,
      note: blankToNull(a?.note),
      photos: (a?.photos ?? []).map((p) => p.id),
    };
  });
  return {
    id: input.id,
    created_at: input.at,
    updated_at: input.at,
    template_id: input.template.id,
    template_version: input.template.version,
    occurrence_id: occurrenceId(input.template.id, input.date),
    occurrence_date: input.date,
    completed_by: input.userId,
    completed_at: input.at,
    started_at: input.startedAt,
    note: blankToNull(input.note),
    answers,
    // The device cannot know whether someone else's reached the server first: the pull says.
    closing: true,
    closed_by_id: null,
    closed_at: null,
    assignee_user_id: input.template.assignee_user_id,
    assignee_role: input.template.assignee_role,
  };
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `round.complete` with its row: the answers as the contract's args. */
export function planCompletion(row: RoundCompletion): PlannedMutation {
  return planned(
    'round.complete',
    {
      id: row.id,
      template_id: row.template_id,
      template_version: row.template_version,
      occurrence_date: row.occurrence_date,
      completed_at: row.completed_at,
      ...(row.started_at !== null && { started_at: row.started_at }),
      note: row.note,
      answers: row.answers.map((a) => ({
        item_id: a.item_id,
        value: a.value,
        note: a.note,
        photos: a.photos,
      })),
    },
    [{ entity: 'round_completions', op: 'put', row }],
  );
}

/** What a report raised from a failed item says: the round, the item and its note. */
export function raisedDescription(
  template: Pick<RoundTemplate, 'title'>,
  item: Pick<RoundItem, 'label'>,
  note: string | null,
): string {
  const head = `${template.title}: ${item.label} (${t('rounds.failShort')})`;
  return note === null || note.trim() === '' ? head : `${head}. ${note.trim()}`;
}

/**
 * Copies of the item's photos for the report (new ids, the same bytes): the completion keeps its
 * own, and the server stores the bytes by their hash, so the copy costs no storage there.
 */
async function copyPhotos(
  database: UrsDatabase,
  photos: readonly PhotoRecord[],
  at: string,
): Promise<FormPhoto[]> {
  const copies = photos.map((photo) => ({
    ...photo,
    id: newId(),
    uploaded: 0 as const,
    upload_error: null,
    created_at: at,
  }));
  await database.photos.bulkAdd(copies);
  return copies.map((copy) => ({
    id: copy.id,
    kind: 'before' as const,
    sha256: copy.sha256,
    mime_type: copy.mime_type,
    size_bytes: copy.size_bytes,
    captured_at: copy.captured_at ?? null,
  }));
}

/** A report raised from a failed item: its plan, linked to the completion (decision 030). */
async function planRaisedReport(
  database: UrsDatabase,
  input: {
    userId: string;
    template: RoundTemplate;
    completionId: string;
    item: RoundItem;
    note: string | null;
    photos: readonly PhotoRecord[];
    areaId: string;
    now: Date;
  },
): Promise<{ plan: PlannedMutation[]; reportId: string; photoIds: string[] }> {
  const reportId = newId();
  const photos = await copyPhotos(database, input.photos, input.now.toISOString());
  const [create, ...attach] = planCreate({
    id: reportId,
    reporterId: input.userId,
    values: {
      area_id: input.areaId,
      category_id: input.template.category_id ?? '',
      work_type: input.template.work_type ?? 'repair',
      description: raisedDescription(input.template, input.item, input.note),
      status: 'pending',
      unassigned: true,
    },
    photos,
    now: input.now,
  });
  if (create === undefined) throw new Error('report.create was not planned');
  const link = { round_completion_id: input.completionId, round_item_id: input.item.id };
  // The row this device shows carries the link as the pulled row will (decision 030), so the
  // round shows its report at once, offline.
  const linked: PlannedMutation = {
    ...create,
    args: { ...create.args, ...link },
    optimistic: create.optimistic.map((write) =>
      write.op === 'put' && write.entity === 'reports'
        ? { ...write, row: { ...write.row, ...link } }
        : write,
    ),
  };
  return { plan: [linked, ...attach], reportId, photoIds: photos.map((p) => p.id) };
}

export interface CompleteRoundInput {
  userId: string;
  template: RoundTemplate;
  date: string;
  answers: readonly AnswerDraft[];
  note: string;
  startedAt: string | null;
  /** The failed items to raise a report for, each in an area of the round. */
  raise: readonly { itemId: string; areaId: string }[];
  /** The completion's id: the form's, kept across a second tap so it is queued once. */
  id: string;
}

export type CompleteResult =
  | { kind: 'queued'; completion: RoundCompletion; reportIds: string[] }
  | { kind: 'refused'; errors: Record<string, string[]> };

/**
 * Queues the completion and the reports raised from its failed items in ONE transaction, the
 * completion first: a report is never sent ahead of the completion it is linked to, and a
 * second tap finds the completion already here and queues nothing again.
 */
export async function completeRound(
  input: CompleteRoundInput,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<CompleteResult> {
  const existing = await database.round_completions.get(input.id);
  if (existing !== undefined) return { kind: 'queued', completion: existing, reportIds: [] };
  // The contract's rule of the checklist, as the server will judge it (decision 030).
  const issues = checkAnswers(
    input.template.items,
    input.answers.map((a) => ({ ...a, photos: a.photos.map((p) => p.id) })),
  );
  if (issues.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) (errors[issue.path] ??= []).push(errorText({ code: issue.code }));
    return { kind: 'refused', errors };
  }
  const at = now.toISOString();
  const row = completionRow({ ...input, at });
  const plan: PlannedMutation[] = [planCompletion(row)];
  const reportIds: string[] = [];
  const copied: string[] = [];
  for (const raise of input.raise) {
    const item = input.template.items.find((i) => i.id === raise.itemId);
    const answer = input.answers.find((a) => a.item_id === raise.itemId);
    if (item === undefined || answer === undefined) continue;
    const raised = await planRaisedReport(database, {
      userId: input.userId,
      template: input.template,
      completionId: row.id,
      item,
      note: blankToNull(answer.note),
      photos: answer.photos,
      areaId: raise.areaId,
      now,
    });
    plan.push(...raised.plan);
    reportIds.push(raised.reportId);
    copied.push(...raised.photoIds);
  }
  const errors = await runPlan(input.userId, plan, [], database);
  if (errors !== null) {
    if (copied.length > 0) await database.photos.bulkDelete(copied);
    return { kind: 'refused', errors };
  }
  return { kind: 'queued', completion: row, reportIds };
}

/**
 * A report raised later, from a failed item of a completion already made (queued or synced):
 * queued after it, as one tap from the done round.
 */
export async function raiseReportFrom(
  userId: string,
  template: RoundTemplate,
  completion: RoundCompletion,
  itemId: string,
  areaId: string,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<string | null> {
  const answer = completion.answers.find((a) => a.item_id === itemId);
  if (answer === undefined) return null;
  const item: RoundItem = {
    id: answer.item_id,
    label: answer.label,
    kind: answer.kind,
    unit: answer.unit,
    photo: answer.photo,
  };
  const local = (await database.photos.bulkGet(answer.photos)).filter(
    (p): p is PhotoRecord => p !== undefined,
  );
  const raised = await planRaisedReport(database, {
    userId,
    template,
    completionId: completion.id,
    item,
    note: answer.note,
    photos: local,
    areaId,
    now,
  });
  const errors = await runPlan(userId, raised.plan, [], database);
  if (errors !== null) {
    await database.photos.bulkDelete(raised.photoIds);
    return null;
  }
  return raised.reportId;
}
