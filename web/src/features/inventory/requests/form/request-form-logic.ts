import {
  MAX_IMAGE_BYTES,
  TEXT_LIMITS,
  fieldReasons,
  requestCreateArgs,
  type ErrorReason,
  type FieldReasons,
  type AllowedImageType,
  type MutationArgs,
  type RequestType,
} from '@urs/sync-protocol';
import { isCalendarDate } from '../../../../lib/calendar-date.js';
import { errorText } from '../../../../lib/error-text.js';

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

/** A title/text pair from the dictionary; `detail`, when set, is the contract's text instead. */
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

/** Any id- and hash-shaped values: let the contract judge the fields before ids and photos exist. */
const PLACEHOLDER_ID = '00000000-0000-7000-8000-000000000000';
export const HASH_PLACEHOLDER = '0'.repeat(64);

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
  if (candidate.length > TEXT_LIMITS.storeLink || /\s/.test(candidate)) return undefined;
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
 * Reads the form as the device sees it before anything is stored: a stock request needs an
 * item still active here; a custom one a name and a picked image (spec §5); quantity and date
 * must parse. Lengths and the rest of the contract are judged by the contract itself (see
 * contractProblems). Fields of the other type are dropped, not checked.
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

  const draft: RequestDraft = {
    type: values.type,
    item_id: itemId,
    custom_name: customName,
    store_link: storeLink,
    quantity: quantity ?? 1,
    needed_date: neededDate,
    notes: blankToNull(values.notes),
  };
  // Every problem at once: what the device found, then what the contract finds in the rest.
  const placeholderHash = context.image === null ? null : HASH_PLACEHOLDER;
  const judged = contractProblems(createArgs(draft, PLACEHOLDER_ID, placeholderHash)) ?? {};
  const all: FormProblems = { ...judged, ...problems };
  return Object.keys(all).length > 0 ? { ok: false, problems: all } : { ok: true, draft };
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

/** Which of the form's problems a contract code on a field is; anything else shows its own text. */
const PROBLEM_OF: Partial<Record<string, Partial<Record<string, ProblemCode>>>> = {
  item_id: { request_item_required: 'itemMissing' },
  custom_name: { request_name_required: 'nameMissing', text_too_long: 'nameTooLong' },
  image_sha256: { request_image_required: 'imageMissing' },
  store_link: { store_link_invalid: 'linkInvalid' },
  quantity: { quantity_too_small: 'quantityInvalid' },
  needed_date: { date_invalid: 'dateInvalid' },
  notes: { text_too_long: 'notesTooLong' },
};
/** Where a contract field shows on the form: under its own name, the image's hash on the image. */
const fieldOf = (key: string): RequestField =>
  key === 'image_sha256' ? 'image' : (FIELD_ORDER.find((field) => field === key) ?? '_');
/** Problems whose spec text is the title/text pair; the others carry the contract's own text. */
const SPEC_PAIRS: readonly ProblemCode[] = ['itemMissing', 'nameMissing', 'imageMissing'];

function problemOf(key: string, reason: ErrorReason): FieldProblem {
  const code = PROBLEM_OF[key]?.[reason.code] ?? 'invalid';
  return SPEC_PAIRS.includes(code) ? { code } : { code, detail: errorText(reason) };
}

/** The contract's reasons, per field, as the form's problems (by code, never by their text). */
export function problemsFromReasons(fields: FieldReasons): FormProblems {
  const problems: FormProblems = {};
  for (const [key, reasons] of Object.entries(fields)) {
    const first = reasons[0];
    if (first === undefined) continue;
    problems[fieldOf(key)] ??= problemOf(key, first);
  }
  return problems;
}

/** The contract's own judgement of the args, as form problems; null when it accepts them. */
export function contractProblems(args: RequestCreateArgs): FormProblems | null {
  const parsed = requestCreateArgs.safeParse(args);
  return parsed.success ? null : problemsFromReasons(fieldReasons(parsed.error));
}

/** The field problem shown first (and toasted): the topmost field's. */
export function firstProblem(problems: FormProblems): FieldProblem | null {
  for (const field of FIELD_ORDER) {
    const problem = problems[field];
    if (problem !== undefined) return problem;
  }
  return null;
}
