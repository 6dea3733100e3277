import { Hono } from 'hono';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { ownSchool, renewRegistrationCode } from '../../services/schools.js';
import type { RouteDeps } from '../deps.js';

/**
 * A school admin's own school (issue 39): its name and registration code, so the admin can hand
 * out the registration link, and a new code when the old link must stop working. The school is
 * always the session's: there is no id to aim at another one.
 */
export function schoolRoutes({ db, guard }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/school', guard('school.registration_link'), async (c) =>
    c.json({ data: await ownSchool(db, schoolActor(c).schoolId) }),
  );

  app.post('/api/school/registration-code', guard('school.registration_link'), async (c) =>
    c.json({ data: await renewRegistrationCode(db, schoolActor(c).schoolId) }),
  );

  return app;
}
