import {
  MAX_IMAGE_BYTES,
  fieldErrors,
  requestCreateArgs,
  type AllowedImageType,
  type MutationArgs,
  type RequestType,
} from '@urs/sync-protocol';
import { isCalendarDate } from '../../../lib/calendar-date.js';

export const NAME_MAX = 160;
export const LINK_MAX = 1000;
export const NOTES_MAX = 2000;

export interface RequestFormValues {
  type: RequestType;
  item_id: string;
  custom_name: string;
  store_link: string;
  /** As typed; checked to be a whole number of at least 1. */
  quantity: string;
  /** `YYYY-MM-DD` from a date input, or ''. */
  needed_date: string;
  notes: string;
}

export const EMPTY_REQUEST_FORM: RequestFormValues = {
  type: 'stock',
  item_id: '',
  custom_name: '',
  store_link: '',
  quantity: '1',
  needed_date: '',
  notes: '',
};

/** What the form knows of a picked image before anything is stored: its size and real type. */
export interface PickedImage {
  size: number;
  /** By the file's magic bytes; null when it is not JPG, PNG or WEBP. */
  type: AllowedImageType | null;
}

/** What the stock picker needs to know of an item. */
export interface ItemChoice {
  id: string;
  name: string;
  unit: string;
  active: boolean;
}

export type RequestField =
  'item_id' | 'custom_name' | 'image' | 'store_link' | 'quantity' | 'needed_date' | 'notes' | '_';

/** Fields in the order the form shows them, so the first problem is the topmost one. */
export const FIELD_ORDER: readonly RequestField[] = [
  'item_id',
  'custom_name',
  'store_link',
  'image',
  'quantity',
  'needed_date',
  'notes',
  '_',
];

export type ProblemCode =
  | 'itemMissing'
  | 'itemUnavailable'
  | 'nameMissing'
  | 'nameTooLong'
  | 'imageMissing'
  | 'imageTooLarge'
  | 'imageType'
  | 'quantityInvalid'
  | 'linkInvalid'
  | 'dateInvalid'
  | 'notesTooLong'
  | 'invalid';

/** A title/text pair from the dictionary; `detail` carries a contract message for 'invalid'. */
export interface FieldProblem {
  code: ProblemCode;
  detail?: string;
}

export type FormProblems = Partial<Record<RequestField, FieldProblem>>;

/** The validated form, ready to become `request.create` args once the image has a hash. */
export interface RequestDraft {
  type: RequestType;
  item_id: string | null;
  custom_name: string | null;
  store_link: string | null;
  quantity: number;
  needed_date: string | null;
  notes: string | null;
}

export type FormCheck = { ok: true; draft: RequestDraft } | { ok: false; problems: FormProblems };

/** The image rule of spec §5: present for a custom request, JPG/PNG/WEBP, at most 10 MB. */
export function imageProblem(image: PickedImage | null): FieldProblem | null {
  if (image === null) return { code: 'imageMissing' };
  if (image.size > MAX_IMAGE_BYTES) return { code: 'imageTooLarge' };
  if (image.type === null) return { code: 'imageType' };
  return null;
}

/**
 * A store link as the user typed it, made absolute: 'toko.id/x' becomes 'https://toko.id/x'.
 * null for blank; undefined when it is not a usable http(s) address.
 */
export function normalizeStoreLink(raw: string): string | null | undefined {
  const text = raw.trim();
  if (text === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  if (candidate.length > LINK_MAX || /\s/.test(candidate)) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return undefined;
  return candidate;
}

/** A whole number of at least 1, or null. */
export function parseQuantity(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export const blankToNull = (text: string): string | null => {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * Checks the whole form before anything is stored. A stock request needs an active item; a
 * custom one a name and an image (spec §5); quantity is at least 1; link, date and notes are
 * optional but must be valid when given. Fields of the other type are dropped, not checked.
 */
export function validateRequestForm(
  values: RequestFormValues,
  context: { image: PickedImage | null; items: ReadonlyMap<string, ItemChoice> },
): FormCheck {
  const problems: FormProblems = {};
  let itemId: string | null = null;
  let customName: string | null = null;
  let storeLink: string | null = null;

  if (values.type === 'stock') {
    itemId = blankToNull(values.item_id);
    if (itemId === null) problems.item_id = { code: 'itemMissing' };
    else if (context.items.get(itemId)?.active !== true)
      problems.item_id = { code: 'itemUnavailable' };
  } else {
    customName = blankToNull(values.custom_name);
    if (customName === null) problems.custom_name = { code: 'nameMissing' };
    else if (customName.length > NAME_MAX) problems.custom_name = { code: 'nameTooLong' };
    const image = imageProblem(context.image);
    if (image !== null) problems.image = image;
    const link = normalizeStoreLink(values.store_link);
    if (link === undefined) problems.store_link = { code: 'linkInvalid' };
    else storeLink = link;
  }

  const quantity = parseQuantity(values.quantity);
  if (quantity === null) problems.quantity = { code: 'quantityInvalid' };

  const neededDate = blankToNull(values.needed_date);
  if (neededDate !== null && !isCalendarDate(neededDate))
    problems.needed_date = { code: 'dateInvalid' };

  const notes = blankToNull(values.notes);
  if (notes !== null && notes.length > NOTES_MAX) problems.notes = { code: 'notesTooLong' };

  if (Object.keys(problems).length > 0 || quantity === null) return { ok: false, problems };
  return {
    ok: true,
    draft: {
      type: values.type,
      item_id: itemId,
      custom_name: customName,
      store_link: storeLink,
      quantity,
      needed_date: neededDate,
      notes,
    },
  };
}

/** `request.create` args with every field present (the optimistic row is built from them). */
export type RequestCreateArgs = Required<{
  [K in keyof MutationArgs<'request.create'>]: Exclude<
    MutationArgs<'request.create'>[K],
    undefined
  >;
}>;

export function createArgs(
  draft: RequestDraft,
  id: string,
  imageSha256: string | null,
): RequestCreateArgs {
  return {
    id,
    type: draft.type,
    item_id: draft.type === 'stock' ? draft.item_id : null,
    custom_name: draft.type === 'custom' ? draft.custom_name : null,
    store_link: draft.type === 'custom' ? draft.store_link : null,
    image_sha256: draft.type === 'custom' ? imageSha256 : null,
    quantity: draft.quantity,
    needed_date: draft.needed_date,
    notes: draft.notes,
  };
}

/** The contract's messages, per field, as the form's problems (spec pairs where they match). */
export function problemsFromErrors(errors: Record<string, readonly string[]>): FormProblems {
  const problems: FormProblems = {};
  for (const [key, messages] of Object.entries(errors)) {
    const detail = messages.join(' ');
    switch (key) {
      case 'item_id':
        problems.item_id = { code: 'itemMissing' };
        break;
      case 'custom_name':
        problems.custom_name = /karakter/.test(detail)
          ? { code: 'nameTooLong' }
          : { code: 'nameMissing' };
        break;
      case 'image_sha256':
        problems.image = { code: 'imageMissing' };
        break;
      case 'quantity':
        problems.quantity = { code: 'quantityInvalid' };
        break;
      case 'needed_date':
        problems.needed_date = { code: 'dateInvalid' };
        break;
      case 'store_link':
        problems.store_link = { code: 'linkInvalid' };
        break;
      case 'notes':
        problems.notes = { code: 'notesTooLong' };
        break;
      default:
        problems._ = { code: 'invalid', detail };
    }
  }
  return problems;
}

/** The contract's own judgement of the args, as form problems; null when it accepts them. */
export function contractProblems(args: RequestCreateArgs): FormProblems | null {
  const parsed = requestCreateArgs.safeParse(args);
  return parsed.success ? null : problemsFromErrors(fieldErrors(parsed.error));
}

/** The field problem shown first (and toasted): the topmost field's. */
export function firstProblem(problems: FormProblems): FieldProblem | null {
  for (const field of FIELD_ORDER) {
    const problem = problems[field];
    if (problem !== undefined) return problem;
  }
  return null;
}
