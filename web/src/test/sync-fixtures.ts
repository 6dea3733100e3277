import { newId, type MutationArgs } from '@urs/sync-protocol';
import type { EntityRow, OutboxEntry, RejectedResult, UrsDatabase } from '../db/database.js';
import type { OptimisticWrite } from '../sync/outbox.js';

/* Shared by the tests of sync and of the features (never imported by the app). */

export { openTestDatabase } from '../db/test-database.js';

export const AREA_ID = '0190a0b0-0000-7000-8000-000000000001';
export const FIXED_NOW = '2026-11-23T08:00:00.000Z';

export function reportCreate(
  overrides: Partial<MutationArgs<'report.create'>> = {},
): MutationArgs<'report.create'> {
  return {
    id: newId(),
    area_id: AREA_ID,
    work_type: 'repair',
    description: 'Lampu kelas 7B mati',
    ...overrides,
  };
}

/** A before photo of `reportId`, first in its row. */
export function photoAttach(
  reportId: string,
  overrides: Partial<MutationArgs<'photo.attach'>> = {},
): MutationArgs<'photo.attach'> & { position: number } {
  return {
    id: newId(),
    report_id: reportId,
    kind: 'before',
    sha256: 'a'.repeat(64),
    mime_type: 'image/jpeg',
    size_bytes: 10,
    position: 0,
    ...overrides,
  };
}

/** The stored row of that photo, written at `at`. */
export function photoRow(
  reportId: string,
  at: string,
  overrides: Partial<EntityRow<'report_photos'>> = {},
): EntityRow<'report_photos'> {
  return { ...photoAttach(reportId), created_at: at, updated_at: at, ...overrides };
}

/** The row a report.create makes: the device's optimistic one and the fake server's alike. */
export function reportRow(
  args: MutationArgs<'report.create'>,
  reporterId: string,
  at: string,
): EntityRow<'reports'> {
  return {
    id: args.id,
    reporter_id: reporterId,
    area_id: args.area_id,
    category_id: args.category_id ?? null,
    work_type: args.work_type,
    description: args.description,
    status: args.status ?? 'pending',
    admin_note: null,
    reported_at: args.reported_at ?? at,
    created_at: at,
    updated_at: at,
    assignee_id: args.unassigned === true ? null : reporterId,
    priority: 'normal',
    due_date: null,
    due_time: null,
    completed_at: args.status === 'completed' ? (args.reported_at ?? at) : null,
    origin: 'staff',
  };
}

/** The row a screen writes optimistically for a report it just created. */
export function optimisticReport(
  args: MutationArgs<'report.create'>,
  reporterId: string,
): OptimisticWrite {
  return { entity: 'reports', op: 'put', row: reportRow(args, reporterId, FIXED_NOW) };
}

/** A JPEG by its magic bytes, made unique by `seed` so each has its own hash. */
export function jpegBytes(seed: number, size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i += 1) bytes[i] = (seed * 31 + i) % 256;
  return bytes;
}

let nextEntryId = 1;

/** An outbox entry the server refused with `message`, as a screen reads it from Dexie. */
export function refusedEntry(
  name: string,
  entity: OutboxEntry['entity'],
  entityId: string,
  args: Record<string, unknown>,
  message: string,
  userId = 'u',
): OutboxEntry {
  const id = nextEntryId++;
  return {
    id,
    user_id: userId,
    seq: id,
    mutation: { id: newId(), seq: id, name, args, at: FIXED_NOW },
    status: 'rejected',
    result: { seq: id, id: newId(), status: 'rejected', code: 'validation', message },
    entity,
    entity_id: entityId,
    rows: [`${entity}/${entityId}`],
    photo_ids: [],
    created_at: FIXED_NOW,
  };
}

/** A report's creation refused for its area: the common refusal of a report filed offline. */
export function refusedReportCreate(reportId: string): OutboxEntry {
  return refusedEntry(
    'report.create',
    'reports',
    reportId,
    { id: reportId },
    'Area tidak ditemukan.',
  );
}

/** A photo's attach refused because its report is gone. */
export function refusedPhotoAttach(photoId: string, reportId: string): OutboxEntry {
  const args = { id: photoId, report_id: reportId };
  return refusedEntry('photo.attach', 'report_photos', photoId, args, 'Laporan tidak ditemukan.');
}

/** Marks a queued entry as the push does when the server refuses it with `refusal`. */
export async function refuse(
  db: UrsDatabase,
  entry: OutboxEntry | undefined,
  refusal: Omit<RejectedResult, 'seq' | 'id' | 'status'>,
): Promise<OutboxEntry> {
  if (entry === undefined) throw new Error('nothing queued');
  await db.outbox.update(entry.id, {
    status: 'rejected',
    result: { seq: entry.seq, id: entry.mutation.id, status: 'rejected', ...refusal },
  });
  return entry;
}

/**
 * This user's first download as the device would hold it midway: nothing pulled yet, or
 * `progress` applied of its total with the cursor moved on (sync/first-download.ts).
 */
export async function firstDownloadUnderWay(
  db: UrsDatabase,
  userId: string,
  progress?: { applied: number; total: number },
): Promise<void> {
  await db.sync_state.put({
    user_id: userId,
    client_id: newId(),
    next_seq: 1,
    cursor: progress === undefined ? '' : String(progress.applied),
    last_success_at: null,
    last_error: null,
    paused_reason: null,
    me: null,
    unread_announcements: 0,
    pull_progress: progress ?? null,
    filled: false,
  });
}
