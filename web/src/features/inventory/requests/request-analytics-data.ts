import { z } from '@urs/sync-protocol';
import { field } from '../../../lib/json-fields.js';
import { UnexpectedResponseError } from '../../../lib/api-client.js';

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
  const parsed = analyticsSchema.safeParse(field(body, 'data'));
  if (!parsed.success)
    throw new UnexpectedResponseError('request analytics answer breaks the contract');
  return parsed.data;
}
