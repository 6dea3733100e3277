import { WORK_TYPES, REPORT_STATUSES, PHOTO_KINDS } from '@urs/sync-protocol';
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
}

const PREFIX = 'urs_report_draft';

export function draftKey(userId: string, reportId?: string): string {
  return reportId === undefined ? `${PREFIX}:${userId}:new` : `${PREFIX}:${userId}:${reportId}`;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && list.some((item) => item === value);

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function parsePhoto(value: unknown): FormPhoto | null {
  if (typeof value !== 'object' || value === null) return null;
  const id: unknown = Reflect.get(value, 'id');
  const kind: unknown = Reflect.get(value, 'kind');
  const sha256: unknown = Reflect.get(value, 'sha256');
  const mime: unknown = Reflect.get(value, 'mime_type');
  const size: unknown = Reflect.get(value, 'size_bytes');
  if (typeof id !== 'string' || !isOneOf(PHOTO_KINDS, kind)) return null;
  if (typeof sha256 !== 'string' || typeof mime !== 'string' || typeof size !== 'number') {
    return null;
  }
  const attached: unknown = Reflect.get(value, 'attached');
  const capturedAt: unknown = Reflect.get(value, 'captured_at');
  return {
    id,
    kind,
    sha256,
    mime_type: mime,
    size_bytes: size,
    ...(typeof capturedAt === 'string' && { captured_at: capturedAt }),
    ...(attached === true && { attached: true }),
  };
}

/** Reads a draft back; anything malformed yields null rather than a broken form. */
export function parseDraft(text: string | null): ReportDraft | null {
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const values: unknown = Reflect.get(raw, 'values');
  const photos: unknown = Reflect.get(raw, 'photos');
  if (typeof values !== 'object' || values === null || !Array.isArray(photos)) return null;
  const workType: unknown = Reflect.get(values, 'work_type');
  const status: unknown = Reflect.get(values, 'status');
  return {
    values: {
      area_id: str(Reflect.get(values, 'area_id')),
      category_id: str(Reflect.get(values, 'category_id')),
      work_type: isOneOf(WORK_TYPES, workType) ? workType : 'cleaning',
      description: str(Reflect.get(values, 'description')),
      status: isOneOf(REPORT_STATUSES, status) ? status : 'pending',
    },
    photos: photos.map(parsePhoto).filter((photo) => photo !== null),
    saved_at: str(Reflect.get(raw, 'saved_at')),
  };
}

export function loadDraft(storage: Storage, key: string): ReportDraft | null {
  try {
    return parseDraft(storage.getItem(key));
  } catch {
    return null;
  }
}

export function saveDraft(
  storage: Storage,
  key: string,
  draft: Omit<ReportDraft, 'saved_at'>,
  now = new Date(),
): void {
  try {
    storage.setItem(key, JSON.stringify({ ...draft, saved_at: now.toISOString() }));
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
