import { Hono } from 'hono';
import {
  MAX_IMAGE_BYTES,
  posterReportInputSchema,
  posterSettingsInputSchema,
  reason,
  type PosterInfo,
} from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { HttpError, parseOr422, validationError } from '../../lib/http-error.js';
import {
  areaOfPoster,
  posterSheet,
  renewPosterToken,
  setPosterReports,
} from '../../services/posters.js';
import {
  checkPosterPhoto,
  filePosterReport,
  openPoster,
  publicPoster,
  tooManyPosterReports,
  type PosterPhoto,
} from '../../services/poster-reports.js';
import type { RouteDeps } from '../deps.js';
import { clientIp } from '../client-ip.js';

const TEXT_FIELDS = ['description', 'name', 'contact'] as const;

/** Room for the form's text fields beside a photo at the upload limit. */
const FORM_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * KB;

/**
 * The areas' QR posters (docs/decisions/029-public-problem-form.md): the admin's sheet of tokens
 * and the school's switch, the signed-in bridge from a scanned poster to the app's report form,
 * and the public form itself, which needs no session and answers nothing of the school's data but
 * the school's and the area's names.
 */
export function posterRoutes({ db, env, guard, photos, posterThrottle, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/posters', guard('areas.manage'), async (c) =>
    c.json({ data: await posterSheet(db, schoolActor(c).schoolId) }),
  );

  app.patch('/api/posters', guard('areas.manage'), limitBody(4 * KB), async (c) => {
    const input = parseOr422(posterSettingsInputSchema, await readJson(c));
    return c.json({ data: await setPosterReports(db, schoolActor(c).schoolId, input.enabled) });
  });

  app.post('/api/posters/:id/token', guard('areas.manage'), async (c) =>
    c.json({ data: await renewPosterToken(db, schoolActor(c).schoolId, c.req.param('id')) }),
  );

  app.get('/api/areas/by-poster/:token', guard('reference.read'), async (c) =>
    c.json({ data: await areaOfPoster(db, schoolActor(c).schoolId, c.req.param('token')) }),
  );

  app.get('/api/public/posters/:token', async (c) => {
    const poster = await publicPoster(db, c.req.param('token'));
    const answer: PosterInfo = {
      school_name: poster.schoolName,
      area_name: poster.areaName,
      open: poster.open,
    };
    return c.json(answer);
  });

  app.post(
    '/api/public/posters/:token/reports',
    limitBody(FORM_BODY_LIMIT, reason('image_too_large')),
    async (c) => {
      // Counted before anything else is read: junk and token probes are slowed as problems are.
      const wait = await posterThrottle.countAddress(clientIp(c, env.TRUST_PROXY));
      if (wait > 0) throw tooManyPosterReports(wait);
      const poster = await openPoster(db, c.req.param('token'));
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data/i.test(type)) throw new HttpError(415, reason('form_required'));
      const form = await c.req.parseBody();
      const text: Record<string, string> = {};
      for (const field of TEXT_FIELDS) {
        const value = form[field];
        if (typeof value === 'string') text[field] = value;
      }
      const input = parseOr422(posterReportInputSchema, text);
      let photo: PosterPhoto | null = null;
      const file = form['photo'];
      // A form's empty file input sends a nameless empty file: no photo.
      const picked =
        file !== undefined && typeof file !== 'string' && !(file.size === 0 && file.name === '');
      if (picked) {
        if (file.size > MAX_IMAGE_BYTES)
          throw validationError({ photo: [reason('image_too_large')] });
        photo = checkPosterPhoto(new Uint8Array(await file.arrayBuffer()));
      } else if (typeof file === 'string' && file !== '') {
        throw validationError({ photo: [reason('photo_not_file')] });
      }
      const receipt = await filePosterReport(db, photos, posterThrottle, {
        poster,
        input,
        photo,
        clock,
      });
      return c.json(receipt, 201);
    },
  );

  return app;
}
