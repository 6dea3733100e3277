import {
  MAX_IMAGE_BYTES,
  REQUEST_STATUSES,
  fieldErrors,
  requestCreateArgs,
  z,
  type AllowedImageType,
  type ItemRequest,
  type MutationArgs,
  type RequestStatus,
  type RequestType,
} from '@urs/sync-protocol';
import type { OutboxEntry } from '../../../db/database.js';
import { buildQuery } from '../../../lib/admin-kit.js';
import { isCalendarDate } from '../../../lib/calendar-date.js';

/*
 * The requests tab's rules, free of React and Dexie so they can be tested directly: the form's
 * validation (spec §5 pairs), the optimistic rows, the URL state, search and paging, sync
 * marks and the timeline.
 */

// ---------- Form ----------

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

const blankToNull = (text: string): string | null => {
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

// ---------- Optimistic rows ----------

/** The row the screen shows at once: no number until the server assigns one, pending. */
export function newRequestRow(
  args: RequestCreateArgs,
  requesterId: string,
  now: Date,
): ItemRequest {
  const at = now.toISOString();
  return {
    id: args.id,
    number: null,
    type: args.type,
    item_id: args.item_id,
    custom_name: args.custom_name,
    store_link: args.store_link,
    image_sha256: args.image_sha256,
    quantity: args.quantity,
    needed_date: args.needed_date,
    notes: args.notes,
    requester_id: requesterId,
    approver_id: null,
    approver_notes: null,
    status: 'pending',
    decided_at: null,
    created_at: at,
    updated_at: at,
  };
}

export type Decision = Exclude<RequestStatus, 'pending'>;

/** Admin notes for a decision: trimmed, blank as null; too long is refused. */
export function decisionNotes(
  raw: string,
): { ok: true; notes: string | null } | { ok: false; code: 'notesTooLong' } {
  const notes = blankToNull(raw);
  if (notes !== null && notes.length > NOTES_MAX) return { ok: false, code: 'notesTooLong' };
  return { ok: true, notes };
}

export function decidedRow(
  row: ItemRequest,
  decision: Decision,
  approverId: string,
  notes: string | null,
  now: Date,
): ItemRequest {
  const at = now.toISOString();
  return {
    ...row,
    status: decision,
    approver_id: approverId,
    approver_notes: notes,
    decided_at: at,
    updated_at: at,
  };
}

export const decisionMutation = (decision: Decision) =>
  decision === 'approved' ? ('request.approve' as const) : ('request.reject' as const);

// ---------- URL state ----------

export const STATUS_FILTERS = ['all', ...REQUEST_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const QUERY_MAX = 100;

/** Everything the requests tab keeps in the URL besides `tab=requests`. */
export interface RequestsView {
  status: StatusFilter;
  q: string;
  page: number;
  /** The request whose detail is open. */
  request: string | null;
  /** The new-request form is open. */
  creating: boolean;
}

export const DEFAULT_VIEW: RequestsView = {
  status: 'all',
  q: '',
  page: 1,
  request: null,
  creating: false,
};

/** Reads the view from a query string; a bad value (a typo in a shared link) falls back alone. */
export function viewFromSearch(search: string): RequestsView {
  const params = new URLSearchParams(search);
  const status = STATUS_FILTERS.find((known) => known === params.get('status')) ?? 'all';
  const q = (params.get('q') ?? '').slice(0, QUERY_MAX);
  const pageNumber = Number(params.get('page'));
  const page = Number.isSafeInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  const request = params.get('request');
  return {
    status,
    q,
    page,
    request: request === null || request.trim() === '' ? null : request,
    creating: params.get('new') === '1',
  };
}

/** `/inventory?tab=requests&...`: always on the requests tab; defaults are left out. */
export function hrefForView(view: RequestsView): string {
  return `/inventory${buildQuery({
    tab: 'requests',
    status: view.status === 'all' ? undefined : view.status,
    q: view.q,
    page: view.page > 1 ? view.page : undefined,
    request: view.request,
    new: view.creating ? '1' : undefined,
  })}`;
}

/** `api/inventory/requests/export?status=&q=` for the current filters (no paging). */
export function exportPath(view: Pick<RequestsView, 'status' | 'q'>): string {
  return `api/inventory/requests/export${buildQuery({
    status: view.status === 'all' ? undefined : view.status,
    q: view.q,
  })}`;
}

// ---------- List ----------

export const REQUESTS_PAGE_SIZE = 10;

/** One request with the names the list shows, joined from the device's tables. */
export interface RequestEntry {
  request: ItemRequest;
  /** The stock item's name, or the custom name; null when the stock item is not on the device. */
  itemName: string | null;
  unit: string | null;
  requesterName: string | null;
  approverName: string | null;
}

export function itemNameOf(
  request: Pick<ItemRequest, 'type' | 'item_id' | 'custom_name'>,
  items: ReadonlyMap<string, Pick<ItemChoice, 'name'>>,
): string | null {
  if (request.type === 'custom') return request.custom_name;
  return request.item_id === null ? null : (items.get(request.item_id)?.name ?? null);
}

const fold = (text: string) => text.normalize('NFKD').toLowerCase().replace(/\s+/g, ' ').trim();

/** Search by request number or item name, case- and spacing-insensitive. */
export function matchesQuery(
  entry: Pick<RequestEntry, 'request' | 'itemName'>,
  q: string,
): boolean {
  const needle = fold(q);
  if (needle === '') return true;
  const number = entry.request.number;
  return (
    (number !== null && fold(number).includes(needle)) ||
    (entry.itemName !== null && fold(entry.itemName).includes(needle))
  );
}

/** Newest first; ties (same instant) by id, which is UUIDv7 and so also time-ordered. */
export function newestFirst(a: Pick<ItemRequest, 'created_at' | 'id'>, b: typeof a): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function selectRequests<T extends Pick<RequestEntry, 'request' | 'itemName'>>(
  entries: readonly T[],
  filter: Pick<RequestsView, 'status' | 'q'>,
): T[] {
  return entries
    .filter((entry) => filter.status === 'all' || entry.request.status === filter.status)
    .filter((entry) => matchesQuery(entry, filter.q))
    .sort((a, b) => newestFirst(a.request, b.request));
}

// ---------- Sync marks ----------

export interface RequestSyncMark {
  /** Outbox entries still waiting to reach the server. */
  pending: { entryId: number; name: string }[];
  /** Entries the server refused, with its message; each can be dismissed. */
  refused: { entryId: number; name: string; message: string }[];
}

type MarkSource = Pick<OutboxEntry, 'id' | 'entity' | 'entity_id' | 'status' | 'result'> & {
  mutation: Pick<OutboxEntry['mutation'], 'name'>;
};

/** The outbox entries touching each request, by request id. */
export function syncMarks(entries: readonly MarkSource[]): Map<string, RequestSyncMark> {
  const marks = new Map<string, RequestSyncMark>();
  for (const entry of entries) {
    if (entry.entity !== 'item_requests') continue;
    let mark = marks.get(entry.entity_id);
    if (mark === undefined) {
      mark = { pending: [], refused: [] };
      marks.set(entry.entity_id, mark);
    }
    if (entry.status === 'pending') {
      mark.pending.push({ entryId: entry.id, name: entry.mutation.name });
    } else {
      mark.refused.push({
        entryId: entry.id,
        name: entry.mutation.name,
        message: entry.result?.message ?? '',
      });
    }
  }
  return marks;
}

// ---------- Timeline ----------

export type TimelineKind = 'created' | 'synced' | 'approved' | 'rejected' | 'awaiting_decision';
export type TimelineState = 'done' | 'waiting' | 'refused';

export interface TimelineStep {
  kind: TimelineKind;
  state: TimelineState;
  /** When it happened, if known. */
  at: string | null;
  /** Who did it: the requester for 'created', the approver for a decision. */
  actorId: string | null;
  /** The number the server assigned ('synced'). */
  number: string | null;
  /** The approver's notes (decisions). */
  notes: string | null;
  /** The server's refusal message ('refused'). */
  message: string | null;
}

const step = (kind: TimelineKind, state: TimelineState, extra: Partial<TimelineStep> = {}) => ({
  kind,
  state,
  at: null,
  actorId: null,
  number: null,
  notes: null,
  message: null,
  ...extra,
});

const isDecisionName = (name: string) => name === 'request.approve' || name === 'request.reject';

/**
 * created → synced (number assigned, or waiting / refused) → decided (or awaiting a decision).
 * A decision made on this device and not yet accepted shows as waiting, or refused with the
 * server's message (e.g. someone else decided first).
 */
export function buildTimeline(
  request: ItemRequest,
  mark: RequestSyncMark = { pending: [], refused: [] },
): TimelineStep[] {
  const steps: TimelineStep[] = [
    step('created', 'done', { at: request.created_at, actorId: request.requester_id }),
  ];

  const createRefused = mark.refused.find((entry) => entry.name === 'request.create');
  if (request.number !== null) steps.push(step('synced', 'done', { number: request.number }));
  else if (createRefused !== undefined)
    steps.push(step('synced', 'refused', { message: createRefused.message }));
  else steps.push(step('synced', 'waiting'));

  const decisionRefused = mark.refused.find((entry) => isDecisionName(entry.name));
  const decisionPending = mark.pending.some((entry) => isDecisionName(entry.name));
  if (request.status === 'pending') {
    steps.push(step('awaiting_decision', 'waiting', { message: decisionRefused?.message ?? null }));
  } else {
    steps.push(
      step(
        request.status,
        decisionRefused !== undefined ? 'refused' : decisionPending ? 'waiting' : 'done',
        {
          at: request.decided_at,
          actorId: request.approver_id,
          notes: request.approver_notes,
          message: decisionRefused?.message ?? null,
        },
      ),
    );
  }
  return steps;
}

// ---------- Analytics ----------

const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  daily_average: z.number(),
  approved: z.number(),
  rejected: z.number(),
  pending: z.number(),
  approval_rate: z.number(),
  most_requested: z.array(
    z.object({
      name: z.string().nullable(),
      item_id: z.string().nullable(),
      requests: z.number(),
      quantity: z.number(),
    }),
  ),
});
export type RequestAnalytics = z.infer<typeof analyticsSchema>;

/** The `{ data }` of GET /api/inventory/requests/analytics, checked. */
export function parseAnalytics(body: unknown): RequestAnalytics {
  const data: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'data') : undefined;
  const parsed = analyticsSchema.safeParse(data);
  if (!parsed.success) throw new TypeError('Jawaban analitik permintaan tidak valid.');
  return parsed.data;
}
