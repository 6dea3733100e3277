import { Hono } from 'hono';
import { inventoryListQuerySchema, listQuerySchema } from '@urs/sync-protocol';
import type { AppEnv } from '../../middleware/guard.js';
import { parseOr422 } from '../../lib/http-error.js';
import {
  inventorySummary,
  itemDetail,
  itemHistory,
  listItems,
  stockCheck,
} from '../../services/inventory.js';
import type { RouteDeps } from '../deps.js';

/**
 * Inventory reads for screens that are online (the admin's desktop, an item's full history).
 * Items and recent transactions also reach devices through pull, for offline use.
 */
export function inventoryRoutes({ db, guard }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/inventory/summary', guard('inventory.read'), (c) =>
    c.json({ data: inventorySummary(db) }),
  );

  app.get('/api/inventory/items', guard('inventory.read'), (c) =>
    c.json(listItems(db, parseOr422(inventoryListQuerySchema, c.req.query()))),
  );

  app.get('/api/inventory/items/:id', guard('inventory.read'), (c) =>
    c.json({ data: itemDetail(db, c.req.param('id')) }),
  );

  app.get('/api/inventory/items/:id/transactions', guard('inventory.read'), (c) => {
    const { page, per_page } = parseOr422(listQuerySchema, c.req.query());
    return c.json(itemHistory(db, c.req.param('id'), page, per_page));
  });

  app.get('/api/inventory/stock-check', guard('inventory.audit'), (c) => {
    const mismatches = stockCheck(db);
    return c.json({ ok: mismatches.length === 0, mismatches });
  });

  return app;
}
