import { REQUEST_TYPES } from '@urs/sync-protocol';
import { field } from '../../../../lib/json-fields.js';
import { formFromArgs } from '../../refused-form.js';
import type { OutboxEntry, UrsDatabase } from '../../../../db/database.js';
import { EMPTY_REQUEST_FORM, type RequestFormValues } from '../form/request-form-logic.js';
import { rejectionText } from '../../../../lib/error-text.js';

/** A refused `request.create`, ready to open in the request form to be corrected. */
export interface RefusedRequest {
  entryId: number;
  requestId: string;
  reason: string;
  values: RequestFormValues;
  /** The custom request's image as the device kept it; null when there is none. */
  image: File | null;
}

/** The form's values back from the refused mutation's args (what the user had typed). */
export function formValuesOf(args: unknown): RequestFormValues {
  const values = formFromArgs(args, EMPTY_REQUEST_FORM);
  return {
    ...values,
    type: REQUEST_TYPES.find((type) => type === values.type) ?? EMPTY_REQUEST_FORM.type,
    quantity: values.quantity || EMPTY_REQUEST_FORM.quantity,
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
  const sha256 = field(args, 'image_sha256');
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
