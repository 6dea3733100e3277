import { api } from '../../client/api.js';
import { field, stringField } from '../../lib/json-fields.js';

/** How long a signed-in phone waits to learn the poster's area before showing the public form. */
const BRIDGE_WAIT_MS = 6_000;

/**
 * The area a scanned poster names, when the signed-in user belongs to its school: their phone
 * then opens the app's own report form there, as a poster's code did before it had a public
 * form. Null when it cannot be told (offline, a slow signal, another school's poster, a retired
 * one): the public form is shown instead. Loaded by the router with the route, so it stays small.
 */
export async function areaOfScannedPoster(token: string): Promise<string | null> {
  const asked = api
    .json('GET', `api/areas/by-poster/${encodeURIComponent(token)}`)
    .then((body) => stringField(field(body, 'data'), 'id') ?? null)
    .catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), BRIDGE_WAIT_MS);
  });
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
