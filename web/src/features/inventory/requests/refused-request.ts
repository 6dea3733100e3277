import { REQUEST_TYPES, type RequestType } from '@urs/sync-protocol';
import type { OutboxEntry, UrsDatabase } from '../../../db/database.js';
import { EMPTY_REQUEST_FORM, type RequestFormValues } from './request-form-logic.js';
import { rejectionText } from '../../../lib/error-text.js';

/** A refused `request.create`, ready to open in the request form to be corrected. */
export interface RefusedRequest {
  entryId: number;
  requestId: string;
  reason: string;
  values: RequestFormValues;
  /** The custom request's image as the device kept it; null when there is none. */
  image: File | null;
}

const text = (args: object, key: string): string => {
  const value: unknown = Reflect.get(args, key);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

const isRequestType = (value: unknown): value is RequestType =>
  REQUEST_TYPES.some((type) => type === value);

/** The form's values back from the refused mutation's args (what the user had typed). */
export function formValuesOf(args: unknown): RequestFormValues {
  if (typeof args !== 'object' || args === null) return EMPTY_REQUEST_FORM;
  const type: unknown = Reflect.get(args, 'type');
  return {
    ...EMPTY_REQUEST_FORM,
    type: isRequestType(type) ? type : EMPTY_REQUEST_FORM.type,
    item_id: text(args, 'item_id'),
    custom_name: text(args, 'custom_name'),
    store_link: text(args, 'store_link'),
    quantity: text(args, 'quantity') || EMPTY_REQUEST_FORM.quantity,
    needed_date: text(args, 'needed_date'),
    notes: text(args, 'notes'),
  };
}

/**
 * Reads a refused request back for its form: the values from the queued args and the image from
 * the device's photos (by the hash the request named), so nothing has to be typed or picked again.
 */
export async function loadRefusedRequest(
  db: UrsDatabase,
  userId: string,
  entry: OutboxEntry,
): Promise<RefusedRequest> {
  const args = entry.mutation.args;
  const sha256: unknown =
    typeof args === 'object' && args !== null ? Reflect.get(args, 'image_sha256') : null;
  const photo =
    typeof sha256 === 'string'
      ? await db.photos
          .where('sha256')
          .equals(sha256)
          .filter((record) => record.user_id === userId)
          .first()
      : undefined;
  return {
    entryId: entry.id,
    requestId: entry.entity_id,
    reason: rejectionText(entry.result),
    values: formValuesOf(args),
    image:
      photo === undefined
        ? null
        : new File([photo.bytes], `gambar.${photo.mime_type.split('/')[1] ?? 'jpg'}`, {
            type: photo.mime_type,
          }),
  };
}
