import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  listQuerySchema,
  roleSchema,
} from '@urs/sync-protocol';
import { authOf, schoolActor, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422 } from '../../lib/http-error.js';
import {
  adminCreateUser,
  adminDeleteUser,
  adminUpdateUser,
  getLiveUser,
  listUsers,
} from '../../services/users.js';
import type { RouteDeps } from '../deps.js';
import { toPublicUser } from '../../data/wire.js';

const userListQuerySchema = listQuerySchema.extend({
  role: z.union([z.literal('').transform(() => undefined), roleSchema]).optional(),
});

/** Admin user management: `?q` searches name, email and phone; `?role`; `?page&per_page`. */
export function userRoutes({ db, env, guard }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/users', guard('users.manage'), async (c) => {
    const query = parseOr422(userListQuerySchema, c.req.query());
    return c.json(await listUsers(db, schoolActor(c).schoolId, query));
  });

  app.get('/api/users/:id', guard('users.manage'), async (c) =>
    c.json({
      data: toPublicUser(await getLiveUser(db, schoolActor(c).schoolId, c.req.param('id'))),
    }),
  );

  app.post('/api/users', guard('users.manage'), limitBody(16 * KB), async (c) => {
    const input = parseOr422(adminUserCreateSchema, await readJson(c));
    const user = await adminCreateUser(db, schoolActor(c), input, env.SCRYPT_LOG_N);
    return c.json({ data: toPublicUser(user) }, 201);
  });

  app.on(
    ['PUT', 'PATCH'],
    '/api/users/:id',
    guard('users.manage'),
    limitBody(16 * KB),
    async (c) => {
      const input = parseOr422(adminUserUpdateSchema, await readJson(c));
      const user = await adminUpdateUser(
        db,
        schoolActor(c),
        c.req.param('id'),
        input,
        env.SCRYPT_LOG_N,
        authOf(c).session.id,
      );
      return c.json({ data: toPublicUser(user) });
    },
  );

  app.delete('/api/users/:id', guard('users.manage'), async (c) => {
    await adminDeleteUser(db, schoolActor(c), c.req.param('id'));
    return c.json({ message: 'User berhasil dihapus.' });
  });

  return app;
}
