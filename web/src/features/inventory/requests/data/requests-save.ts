import { type AccountRole, newId, type ItemRequest } from '@urs/sync-protocol';
import type { PhotoRecord, UrsDatabase } from '../../../../db/database.js';
import {
  MutationValidationError,
  PhotoError,
  enqueue,
  retryRejected,
  savePhoto,
  sniffImageType,
  type ImageCompressor,
} from '../../../../sync/index.js';
import {
  createArgs,
  problemsFromReasons,
  validateRequestForm,
  type FormProblems,
  type ItemChoice,
  type PickedImage,
  type RequestFormValues,
} from '../form/request-form-logic.js';
import {
  decidedRow,
  decisionMutation,
  decisionNotes,
  newRequestRow,
  type Decision,
} from './request-rows.js';

/*
 * The requests tab's writes. Each takes the database, so tests run them on a fake IndexedDB;
 * the screen passes the app's. Toasts stay in the screen: these only say what happened.
 */

/** The size and the real type (by magic bytes) of a picked file, without reading all of it. */
export async function describeImage(file: Blob): Promise<PickedImage> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return { size: file.size, type: sniffImageType(head) };
}

export interface CreateRequestInput {
  values: RequestFormValues;
  /** The picked file (custom requests); kept in memory until the form is saved. */
  image: Blob | null;
  /** The device's items, for the "active stock item" rule. */
  items: ReadonlyMap<string, ItemChoice>;
}

export interface WriteOptions {
  now?: () => Date;
  /** The image compressor; null stores the bytes as they are (tests). */
  compress?: ImageCompressor | null;
  /** The new request's id; a UUIDv7 by default. */
  id?: string;
  /**
   * The refused outbox entry this corrected request is sent in place of (with `id`, the refused
   * request's id): the refusal goes and the correction is queued in one transaction.
   */
  replacing?: number;
}

export type CreateOutcome =
  | { ok: true; row: ItemRequest }
  /** `problems` for the form's fields; `failure` when the device could not save at all. */
  | { ok: false; problems: FormProblems; failure: string | null };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Creates an item request offline-first. Everything is validated before anything is stored;
 * then a custom request's image goes into the device's photos table (compressed, hashed) and
 * `request.create` is queued naming it by hash, with the optimistic row (no number yet,
 * pending). The outbox entry lists that photo as a dependency, so the sync engine uploads
 * the image first. If queueing fails, the photo just stored is removed again.
 */
export async function createItemRequest(
  db: UrsDatabase,
  userId: string,
  input: CreateRequestInput,
  options: WriteOptions = {},
): Promise<CreateOutcome> {
  const custom = input.values.type === 'custom';
  const picked = custom && input.image !== null ? await describeImage(input.image) : null;
  const check = validateRequestForm(input.values, { image: picked, items: input.items });
  if (!check.ok) return { ok: false, problems: check.problems, failure: null };

  const id = options.id ?? newId();
  const now = (options.now ?? (() => new Date()))();

  let photo: PhotoRecord | null = null;
  if (custom && input.image !== null) {
    try {
      photo = await savePhoto(db, userId, input.image, input.image.type, {
        now: () => now,
        ...(options.compress !== undefined && { compress: options.compress }),
      });
    } catch (err) {
      if (err instanceof PhotoError) {
        const image =
          err.problem === 'too_large'
            ? { code: 'imageTooLarge' as const }
            : err.problem === 'unsupported_type'
              ? { code: 'imageType' as const }
              : { code: 'invalid' as const, detail: `${err.title}: ${err.message}` };
        return { ok: false, problems: { image }, failure: null };
      }
      return { ok: false, problems: {}, failure: messageOf(err) };
    }
  }

  const args = createArgs(check.draft, id, photo?.sha256 ?? null);
  const row = newRequestRow(args, userId, now);
  const optimistic = [{ entity: 'item_requests' as const, op: 'put' as const, row }];
  try {
    if (options.replacing === undefined) {
      await enqueue(db, userId, 'request.create', args, optimistic, { now: () => now });
    } else {
      await retryRejected(db, userId, options.replacing, { args, optimistic }, { now: () => now });
    }
    return { ok: true, row };
  } catch (err) {
    // The request was not queued: an image nobody refers to must not be uploaded.
    if (photo !== null) await db.photos.delete(photo.id).catch(() => undefined);
    if (err instanceof MutationValidationError) {
      const fields = problemsFromReasons(err.fields);
      return {
        ok: false,
        problems:
          Object.keys(fields).length > 0 ? fields : { _: { code: 'invalid', detail: err.message } },
        failure: null,
      };
    }
    return { ok: false, problems: {}, failure: messageOf(err) };
  }
}

export type DecideOutcome =
  | { ok: true; row: ItemRequest }
  | {
      ok: false;
      reason: 'forbidden' | 'notFound' | 'notPending' | 'notesTooLong' | 'failed';
      /** The underlying error's message for 'failed'. */
      message: string | null;
    };

/**
 * An admin approves or rejects a pending request, offline-first: `request.approve` /
 * `request.reject` is queued with the decided row shown at once. The server still judges it;
 * if someone decided first, the entry comes back rejected with the server's conflict message.
 */
export async function decideItemRequest(
  db: UrsDatabase,
  actor: { id: string; role: AccountRole },
  requestId: string,
  decision: Decision,
  rawNotes: string,
  options: Pick<WriteOptions, 'now'> = {},
): Promise<DecideOutcome> {
  if (actor.role !== 'admin') return { ok: false, reason: 'forbidden', message: null };
  const notes = decisionNotes(rawNotes);
  if (!notes.ok) return { ok: false, reason: 'notesTooLong', message: null };
  const current = await db.item_requests.get(requestId);
  if (current === undefined) return { ok: false, reason: 'notFound', message: null };
  if (current.status !== 'pending') return { ok: false, reason: 'notPending', message: null };

  const now = (options.now ?? (() => new Date()))();
  const row = decidedRow(current, decision, actor.id, notes.notes, now);
  try {
    await enqueue(
      db,
      actor.id,
      decisionMutation(decision),
      { id: current.id, notes: notes.notes },
      [{ entity: 'item_requests', op: 'put', row }],
      { now: () => now },
    );
    return { ok: true, row };
  } catch (err) {
    return { ok: false, reason: 'failed', message: messageOf(err) };
  }
}
