import { Hono } from 'hono';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  schoolCreateSchema,
  schoolUpdateSchema,
} from '@urs/sync-protocol';
import { authOf, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422 } from '../../lib/http-error.js';
import { toPublicUser } from '../../data/wire.js';
import { analyticsSnapshot } from '../../services/analytics.js';
import { districtOverview } from '../../services/district-overview.js';
import {
  createSchool,
  createSchoolAdmin,
  deleteSchoolAdmin,
  getSchool,
  listSchoolAdmins,
  listSchools,
  toPublicSchool,
  updateSchool,
  updateSchoolAdmin,
} from '../../services/schools.js';
import type { RouteDeps } from '../deps.js';

/** A school's admin as the district administrator creates one: the role is always admin. */
const schoolAdminCreateSchema = adminUserCreateSchema.transform((input) => ({
  ...input,
  role: 'admin' as const,
}));

/**
 * The district administrator's surface (issue 39): the schools, each school's admins, the
 * district overview and one school's analytics, read-only. Nothing here is a school's own: the
 * school is named in the path, and only `district_admin` passes the guard.
 */
export function districtRoutes({ db, env, guard, clock, now }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/district/schools', guard('district.read'), async (c) =>
    c.json({ data: (await listSchools(db)).map(toPublicSchool) }),
  );

  app.post('/api/district/schools', guard('district.manage'), limitBody(16 * KB), async (c) => {
    const input = parseOr422(schoolCreateSchema, await readJson(c));
    const { school, admin } = await createSchool(db, input, env.SCRYPT_LOG_N);
    return c.json({ data: { school: toPublicSchool(school), admin: toPublicUser(admin) } }, 201);
  });

  app.patch(
    '/api/district/schools/:id',
    guard('district.manage'),
    limitBody(16 * KB),
    async (c) => {
      const input = parseOr422(schoolUpdateSchema, await readJson(c));
      return c.json({ data: toPublicSchool(await updateSchool(db, c.req.param('id'), input)) });
    },
  );

  app.get('/api/district/schools/:id/admins', guard('district.read'), async (c) =>
    c.json(await listSchoolAdmins(db, c.req.param('id'))),
  );

  app.post(
    '/api/district/schools/:id/admins',
    guard('district.manage'),
    limitBody(16 * KB),
    async (c) => {
      const input = parseOr422(schoolAdminCreateSchema, await readJson(c));
      const user = await createSchoolAdmin(
        db,
        authOf(c).user.id,
        c.req.param('id'),
        input,
        env.SCRYPT_LOG_N,
      );
      return c.json({ data: toPublicUser(user) }, 201);
    },
  );

  app.patch(
    '/api/district/schools/:id/admins/:userId',
    guard('district.manage'),
    limitBody(16 * KB),
    async (c) => {
      const input = parseOr422(adminUserUpdateSchema, await readJson(c));
      const user = await updateSchoolAdmin(
        db,
        authOf(c).user.id,
        c.req.param('id'),
        c.req.param('userId'),
        input,
        env.SCRYPT_LOG_N,
        authOf(c).session.id,
      );
      return c.json({ data: toPublicUser(user) });
    },
  );

  app.delete('/api/district/schools/:id/admins/:userId', guard('district.manage'), async (c) => {
    await deleteSchoolAdmin(db, authOf(c).user.id, c.req.param('id'), c.req.param('userId'));
    return c.json({ message: 'User berhasil dihapus.' });
  });

  app.get('/api/district/overview', guard('district.read'), async (c) =>
    c.json({ data: await districtOverview(db, clock, now()) }),
  );

  app.get('/api/district/schools/:id/analytics', guard('district.read'), async (c) => {
    const school = await getSchool(db, c.req.param('id'));
    return c.json({ data: await analyticsSnapshot(db, school.id, clock, now()) });
  });

  return app;
}
