import * as z from 'zod/mini';
import { lazySchema, optionalParam, searchText } from '../../lib/search-params.js';

/** `/reports/$id` and `/reports/$id/edit`: the report's id (an unknown one shows "not found"). */
export const reportParamsSchema = lazySchema(() => z.object({ id: z.string() }));

/** `/reports/create?area=<id>` preselects the area (a QR code on a room's door, for one). */
export const reportCreateSearchSchema = lazySchema(() =>
  z.object({
    area: optionalParam(searchText()),
  }),
);

/** `/tasks/rounds/$templateId/$date`: one occurrence of a round (decision 030). */
export const roundParamsSchema = lazySchema(() =>
  z.object({ templateId: z.string(), date: z.string() }),
);
