import { Hono } from 'hono';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  inventoryListQuerySchema,
  listQuerySchema,
  REQUEST_STATUSES,
  reason,
} from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { forbidden, notFound, parseOr422 } from '../../lib/http-error.js';
import { xlsxResponse } from '../../lib/xlsx-stream.js';
import { itemRequests } from '../../db/schema.js';
import { first } from '../../db/first.js';
import {
  flaggedTransactions,
  inventorySummary,
  itemDetail,
  itemHistory,
  listItems,
  stockCheck,
} from '../../services/inventory.js';
import { exportItems, exportRequests } from '../../services/inventory-export.js';
import { listRequests, requestAnalytics } from '../../services/item-requests.js';
import { can } from '../../auth/policy.js';
import type { RouteDeps } from '../deps.js';
import { streamPhoto } from '../photos/stream-photo.js';

const requestQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(REQUEST_STATUSES).optional(),
  ),
});

/**
 * Inventory reads for screens that are online (the admin's desktop, an item's full history,
 * exports). Items and recent transactions also reach devices through pull, for offline use.
 */
export function inventoryRoutes({ db, guard, clock, photos }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/inventory/summary', guard('inventory.read'), async (c) =>
    c.json({ data: await inventorySummary(db, schoolActor(c).schoolId) }),
  );

  app.get('/api/inventory/items', guard('inventory.read'), async (c) =>
    c.json(
      await listItems(
        db,
        schoolActor(c).schoolId,
        parseOr422(inventoryListQuerySchema, c.req.query()),
      ),
    ),
  );

  app.get('/api/inventory/items/export', guard('inventory.read'), (c) => {
    const query = parseOr422(inventoryListQuerySchema, c.req.query());
    return xlsxResponse(c, exportItems(db, schoolActor(c).schoolId, query, clock));
  });

  app.get('/api/inventory/items/:id', guard('inventory.read'), async (c) =>
    c.json({ data: await itemDetail(db, schoolActor(c).schoolId, c.req.param('id')) }),
  );

  app.get('/api/inventory/items/:id/transactions', guard('inventory.read'), async (c) => {
    const { page, per_page } = parseOr422(listQuerySchema, c.req.query());
    return c.json(
      await itemHistory(db, schoolActor(c).schoolId, c.req.param('id'), page, per_page),
    );
  });

  app.get('/api/inventory/stock-check', guard('inventory.audit'), async (c) => {
    const mismatches = await stockCheck(db, schoolActor(c).schoolId);
    return c.json({ ok: mismatches.length === 0, mismatches });
  });

  app.get('/api/inventory/flagged-transactions', guard('inventory.audit'), async (c) => {
    const { page, per_page } = parseOr422(listQuerySchema, c.req.query());
    return c.json(await flaggedTransactions(db, schoolActor(c).schoolId, page, per_page));
  });

  app.get('/api/inventory/requests', guard('inventory.read'), async (c) => {
    const query = parseOr422(requestQuerySchema, c.req.query());
    return c.json(await listRequests(db, schoolActor(c), query));
  });

  app.get('/api/inventory/requests/analytics', guard('inventory.read'), async (c) =>
    c.json({ data: await requestAnalytics(db, schoolActor(c), clock) }),
  );

  app.get('/api/inventory/requests/export', guard('inventory.read'), (c) => {
    const query = parseOr422(requestQuerySchema, c.req.query());
    return xlsxResponse(c, exportRequests(db, schoolActor(c), query.status, query.q, clock));
  });

  /** The reference image of a custom request, for its requester and whoever decides on it. */
  app.get('/api/inventory/requests/:id/image', guard('inventory.read'), async (c) => {
    const user = schoolActor(c);
    // Another school's request answers as a missing one (decision 027).
    const request = await first(
      db
        .select()
        .from(itemRequests)
        .where(
          and(
            eq(itemRequests.id, c.req.param('id')),
            eq(itemRequests.schoolId, user.schoolId),
            isNull(itemRequests.deletedAt),
          ),
        ),
    );
    if (request?.imageSha256 === null || request === undefined)
      throw notFound(reason('image_not_found'));
    const decider = can(user, 'requests.decide') || user.role === 'inventory_staff';
    if (request.requesterId !== user.id && !decider) throw forbidden();
    return streamPhoto(c, photos, {
      sha256: request.imageSha256,
      cacheScope: 'private',
      missing: reason('image_file_missing'),
    });
  });

  return app;
}
