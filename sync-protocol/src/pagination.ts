import { z } from './zod.js';
import { code } from './error-codes.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, STORABLE_TEXT } from './limits.js';

/** `?page&per_page&q`, as every list route reads them. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: code('page_invalid') })
    .int()
    .min(1)
    .default(1),
  per_page: z.coerce
    .number({ error: code('per_page_invalid') })
    .int()
    .min(1)
    .max(MAX_PER_PAGE, code('per_page_too_large'))
    .default(DEFAULT_PER_PAGE),
  q: z.string().trim().max(200).regex(STORABLE_TEXT, code('text_unstorable')).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
