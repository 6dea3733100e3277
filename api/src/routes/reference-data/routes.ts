import { Hono } from 'hono';
import type { z } from 'zod';
import {
  areaCreateSchema,
  areaUpdateSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  listQuerySchema,
} from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422 } from '../../lib/http-error.js';
import type { Permission } from '../../auth/policy.js';
import { AREA_KIND, CATEGORY_KIND, ReferenceService } from '../../services/reference-data.js';
import type { RouteDeps } from '../deps.js';

interface ReferenceResource<Out> {
  path: string;
  manage: Permission;
  service: {
    list: ReferenceService<unknown, Out, never, never>['list'];
    get(schoolId: string, id: string): Promise<Out>;
    create(schoolId: string, input: never): Promise<Out>;
    update(schoolId: string, id: string, input: never): Promise<Out>;
    delete(schoolId: string, id: string): Promise<void>;
  };
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
}

/**
 * Everyone signed in reads reference data (a report form needs the areas); only admins
 * change it. Lists: `?q&page&per_page` (areas also `active=true|false`).
 */
function mount<Out>(app: Hono<AppEnv>, { guard }: RouteDeps, r: ReferenceResource<Out>) {
  app.get(r.path, guard('reference.read'), async (c) => {
    const query = parseOr422(listQuerySchema, c.req.query());
    return c.json(await r.service.list(schoolActor(c).schoolId, query, c.req.query()));
  });
  app.get(`${r.path}/:id`, guard('reference.read'), async (c) =>
    c.json({ data: await r.service.get(schoolActor(c).schoolId, c.req.param('id')) }),
  );
  app.post(r.path, guard(r.manage), limitBody(16 * KB), async (c) => {
    const input = parseOr422(r.createSchema, await readJson(c)) as never;
    return c.json({ data: await r.service.create(schoolActor(c).schoolId, input) }, 201);
  });
  app.on(['PUT', 'PATCH'], `${r.path}/:id`, guard(r.manage), limitBody(16 * KB), async (c) => {
    const input = parseOr422(r.updateSchema, await readJson(c)) as never;
    return c.json({
      data: await r.service.update(schoolActor(c).schoolId, c.req.param('id'), input),
    });
  });
  app.delete(`${r.path}/:id`, guard(r.manage), async (c) => {
    await r.service.delete(schoolActor(c).schoolId, c.req.param('id'));
    return c.json({ message: 'Data berhasil dihapus.' });
  });
}

export function referenceDataRoutes(deps: RouteDeps) {
  const app = new Hono<AppEnv>();
  mount(app, deps, {
    path: '/api/areas',
    manage: 'areas.manage',
    service: new ReferenceService(deps.db, AREA_KIND),
    createSchema: areaCreateSchema,
    updateSchema: areaUpdateSchema,
  });
  mount(app, deps, {
    path: '/api/categories',
    manage: 'categories.manage',
    service: new ReferenceService(deps.db, CATEGORY_KIND),
    createSchema: categoryCreateSchema,
    updateSchema: categoryUpdateSchema,
  });
  return app;
}
