import * as z from 'zod/mini';
import { lazySchema } from '../../lib/search-params.js';

/** `/district/schools/$id` and its analytics: the school's id (an unknown one says so). */
export const schoolParamsSchema = lazySchema(() => z.object({ id: z.string() }));
