import { textSearchSchema } from '../../lib/search-params.js';

/*
 * `?school=<code>`: the school's registration code from the link its admin hands out
 * (`/register?school=<code>`), carried into the registration request and the SSO start; the
 * server checks it. `?sso_error=`: why single sign-on came back to the login page (a school
 * refusal, see SSO_SCHOOL_REFUSALS); the screen shows only the ones it knows. All are plain
 * text, checked without zod (textSearchSchema): opening the login page builds no zod schema.
 */

/** `?redirect=/path`: where to go after signing in; checked for safety where it is used. */
export const loginSearchSchema = textSearchSchema(['redirect', 'school', 'sso_error']);

/** `/register?school=<code>`: the school's registration link. */
export const registerSearchSchema = textSearchSchema(['school']);
