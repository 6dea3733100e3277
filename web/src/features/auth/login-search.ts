import * as z from 'zod/mini';
import { lazySchema, optionalParam, searchText } from '../../lib/search-params.js';

/** `?redirect=/path`: where to go after signing in; checked for safety where it is used. */
export const loginSearchSchema = lazySchema(() =>
  z.object({
    redirect: optionalParam(searchText()),
  }),
);
