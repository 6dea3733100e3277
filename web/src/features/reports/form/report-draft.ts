import { REPORT_DRAFT_VERSION, reportDraftSchema } from '@urs/sync-protocol';
import type { FormPhoto, ReportFormValues } from './report-form-state.js';

/**
 * The unsaved report form, kept per user (and per report when editing) so a reload, a crash or
 * a phone killing the tab loses nothing. The photo bytes are already in Dexie; only their ids
 * and metadata are kept here.
 */
export interface ReportDraft {
  values: ReportFormValues;
  photos: FormPhoto[];
  saved_at: string;
  /** A new report's id, kept from the draft's first save (see the contract's draft schema). */
  report_id?: string;
}

const PREFIX = 'urs_report_draft';

export function draftKey(userId: string, reportId?: string): string {
  return reportId === undefined ? `${PREFIX}:${userId}:new` : `${PREFIX}:${userId}:${reportId}`;
}

/** What a stored draft turned out to be: nothing, a form to restore, or unreadable and dropped. */
export type DraftRead =
  { kind: 'none' } | { kind: 'kept'; draft: ReportDraft } | { kind: 'unreadable' };

/**
 * Reads a draft with the contract's schema. A draft from an older app is read as the current
 * shape (bad fields fall back, bad photos are dropped); one that is not JSON, has no form, or
 * comes from a newer app is unreadable.
 */
export function readDraft(text: string | null): DraftRead {
  if (text === null) return { kind: 'none' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unreadable' };
  }
  const parsed = reportDraftSchema.safeParse(raw);
  if (!parsed.success) return { kind: 'unreadable' };
  const { values, photos, saved_at, report_id } = parsed.data;
  const draft: ReportDraft = { values, photos, saved_at };
  if (report_id !== undefined) draft.report_id = report_id;
  return { kind: 'kept', draft };
}

/** Reads a draft back; anything malformed yields null rather than a broken form. */
export function parseDraft(text: string | null): ReportDraft | null {
  const read = readDraft(text);
  return read.kind === 'kept' ? read.draft : null;
}

export function loadDraft(storage: Storage, key: string): ReportDraft | null {
  const read = loadStoredDraft(storage, key);
  return read.kind === 'kept' ? read.draft : null;
}

/**
 * The stored draft for the form to restore. An unreadable one is removed, so the user is told
 * once and the next save starts clean.
 */
export function loadStoredDraft(storage: Storage, key: string): DraftRead {
  let read: DraftRead;
  try {
    read = readDraft(storage.getItem(key));
  } catch {
    return { kind: 'none' };
  }
  if (read.kind === 'unreadable') clearDraft(storage, key);
  return read;
}

export function saveDraft(
  storage: Storage,
  key: string,
  draft: Omit<ReportDraft, 'saved_at'>,
  now = new Date(),
): void {
  try {
    storage.setItem(
      key,
      JSON.stringify({ version: REPORT_DRAFT_VERSION, ...draft, saved_at: now.toISOString() }),
    );
  } catch {
    // Storage full or blocked: the form still works, only the reload safety net is gone.
  }
}

export function clearDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: a draft we cannot remove is overwritten by the next save.
  }
}
