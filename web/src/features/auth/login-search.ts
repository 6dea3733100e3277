import * as z from 'zod/mini';
import { lazySchema, optionalParam, searchText } from '../../lib/search-params.js';

/*
 * `?school=<code>`: the school's registration code from the link its admin hands out
 * (`/register?school=<code>`), carried into the registration request and the SSO start; the
 * server checks it. `?sso_error=`: why single sign-on came back to the login page (a school
 * refusal, see SSO_SCHOOL_REFUSALS); the screen shows only the ones it knows. Both are plain
 * text here, as `redirect` is: these schemas are in the app's first download, which has no room
 * for more of zod.
 */

/** `?redirect=/path`: where to go after signing in; checked for safety where it is used. */
export const loginSearchSchema = lazySchema(() =>
  z.object({
    redirect: optionalParam(searchText()),
    school: optionalParam(searchText()),
    sso_error: optionalParam(searchText()),
  }),
);

/** `/register?school=<code>`: the school's registration link. */
export const registerSearchSchema = lazySchema(() =>
  z.object({
    school: optionalParam(searchText()),
  }),
);
