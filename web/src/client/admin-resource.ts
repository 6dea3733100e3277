import type { z } from '@urs/sync-protocol';
import { api } from './api.js';
import { parseOne, parsePaged, type PagedAnswer } from './admin-kit.js';

/**
 * The admin screens' CRUD calls on one collection (`api/users`, `api/areas`, …): every answer is
 * parsed with the row's own schema, so a screen never shows a row the server did not send whole.
 */
export function adminResource<T>(collection: string, schema: z.ZodType<T>) {
  const one = (id: string) => `${collection}/${encodeURIComponent(id)}`;
  return {
    /** `listPath` is the collection with its query (see `buildQuery`). */
    list: async (listPath: string): Promise<PagedAnswer<T>> =>
      parsePaged(await api.json('GET', listPath), schema),
    create: async (payload: unknown): Promise<T> =>
      parseOne(await api.json('POST', collection, payload), schema),
    update: async (id: string, payload: unknown): Promise<T> =>
      parseOne(await api.json('PUT', one(id), payload), schema),
    /** Resolves with the server's raw answer (some carry a message to show). */
    remove: (id: string): Promise<unknown> => api.json('DELETE', one(id)),
  };
}
