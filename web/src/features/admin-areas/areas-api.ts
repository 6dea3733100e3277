import {
  areaCreateSchema,
  areaSchema,
  areaUpdateSchema,
  categoryCreateSchema,
  categorySchema,
  categoryUpdateSchema,
  posterSheetSchema,
  posterTokenAnswerSchema,
  type Area,
  type AreaCreateInput,
  type AreaUpdateInput,
  type Category,
  type CategoryCreateInput,
  type CategoryUpdateInput,
  type PosterSheet,
  type PosterTokenAnswer,
} from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import {
  buildQuery,
  check,
  parseOne,
  type Checked,
  type PagedAnswer,
} from '../../client/admin-kit.js';
import { adminResource } from '../../client/admin-resource.js';

export type ReferenceKind = 'areas' | 'categories';
export type ReferenceRow = Area | Category;

export const AREAS_PER_PAGE = 10;

/** What the add/edit form holds: plain strings and a checkbox. */
export interface ReferenceForm {
  name: string;
  description: string;
  active: boolean;
}

export const EMPTY_REFERENCE_FORM: ReferenceForm = { name: '', description: '', active: true };

export function formOf(row: ReferenceRow): ReferenceForm {
  return {
    name: row.name,
    description: row.description ?? '',
    active: 'active' in row ? row.active : true,
  };
}

type Payload = AreaCreateInput | AreaUpdateInput | CategoryCreateInput | CategoryUpdateInput;

/**
 * Form → request body, checked with the server's own schema. A blank description is sent as
 * null (stored empty); `active` only exists for areas.
 */
export function referencePayload(
  kind: ReferenceKind,
  mode: 'create' | 'edit',
  form: ReferenceForm,
): Checked<Payload> {
  const base = {
    name: form.name,
    description: form.description.trim() === '' ? null : form.description,
  };
  if (kind === 'areas') {
    const body = { ...base, active: form.active };
    return mode === 'create' ? check(areaCreateSchema, body) : check(areaUpdateSchema, body);
  }
  return mode === 'create' ? check(categoryCreateSchema, base) : check(categoryUpdateSchema, base);
}

export interface ReferenceQuery {
  q: string;
  page: number;
  per_page?: number;
  active?: boolean;
}

export function referenceListPath(kind: ReferenceKind, query: ReferenceQuery): string {
  return `api/${kind}${buildQuery({
    q: query.q,
    page: query.page,
    per_page: query.per_page ?? AREAS_PER_PAGE,
    active: query.active,
  })}`;
}

const resourceOf = (kind: ReferenceKind) =>
  adminResource<ReferenceRow>(`api/${kind}`, kind === 'areas' ? areaSchema : categorySchema);

export function listReference(
  kind: ReferenceKind,
  query: ReferenceQuery,
): Promise<PagedAnswer<ReferenceRow>> {
  return resourceOf(kind).list(referenceListPath(kind, query));
}

export function createReference(kind: ReferenceKind, payload: Payload): Promise<ReferenceRow> {
  return resourceOf(kind).create(payload);
}

export function updateReference(
  kind: ReferenceKind,
  id: string,
  payload: Payload,
): Promise<ReferenceRow> {
  return resourceOf(kind).update(id, payload);
}

export async function deleteReference(kind: ReferenceKind, id: string): Promise<void> {
  await resourceOf(kind).remove(id);
}

/**
 * The posters of the active areas, each with its token, and the school's switch for the public
 * problem form behind them (docs/decisions/029-public-problem-form.md).
 */
export async function loadPosterSheet(): Promise<PosterSheet> {
  return parseOne(await api.json('GET', 'api/posters'), posterSheetSchema);
}

/** Opens or closes the public form of every poster; the switch as the server now holds it. */
export async function savePosterReports(enabled: boolean): Promise<boolean> {
  const body = await api.json('PATCH', 'api/posters', { enabled });
  return parseOne(body, posterSheetSchema.pick({ enabled: true })).enabled;
}

/** A new token for one area's poster; the printed one stops working. */
export async function renewPosterToken(areaId: string): Promise<PosterTokenAnswer> {
  const body = await api.json('POST', `api/posters/${encodeURIComponent(areaId)}/token`);
  return parseOne(body, posterTokenAnswerSchema);
}
