import {
  areaCreateSchema,
  areaSchema,
  areaUpdateSchema,
  categoryCreateSchema,
  categorySchema,
  categoryUpdateSchema,
  MAX_PER_PAGE,
  type Area,
  type AreaCreateInput,
  type AreaUpdateInput,
  type Category,
  type CategoryCreateInput,
  type CategoryUpdateInput,
} from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import {
  buildQuery,
  check,
  parsePaged,
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

/** Every active area, page by page (for the posters). */
export async function listAllActiveAreas(): Promise<Area[]> {
  const out: Area[] = [];
  for (let page = 1; ; page += 1) {
    const body = await api.json(
      'GET',
      `api/areas${buildQuery({ active: true, page, per_page: MAX_PER_PAGE })}`,
    );
    const answer = parsePaged<Area>(body, areaSchema);
    out.push(...answer.data);
    if (page >= answer.meta.last_page || answer.data.length === 0) return out;
  }
}
