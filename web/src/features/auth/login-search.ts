import * as z from 'zod/mini';
import { lazySchema, optionalParam, searchText, textParam } from '../../lib/search-params.js';

/**
 * `?school=<code>`: the school's registration code from the link its admin hands out
 * (`/register?school=<code>`), carried into the registration request and the SSO start. The
 * server checks it; here only its shape (the contract's 64 characters at most).
 */
const schoolCode = () => textParam(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));

/** Why an SSO sign-in came back to the login page (the API's start, or the callback screen). */
export const SSO_SCHOOL_REFUSALS = ['school_unknown', 'sso_school_unknown'] as const;
export type SsoSchoolRefusal = (typeof SSO_SCHOOL_REFUSALS)[number];

export const isSsoSchoolRefusal = (code: unknown): code is SsoSchoolRefusal =>
  SSO_SCHOOL_REFUSALS.some((known) => known === code);

/**
 * `?redirect=/path`: where to go after signing in; checked for safety where it is used.
 * `?school=`: as above. `?sso_error=`: a school refusal of single sign-on to explain.
 */
export const loginSearchSchema = lazySchema(() =>
  z.object({
    redirect: optionalParam(searchText()),
    school: schoolCode(),
    sso_error: optionalParam(z.enum(SSO_SCHOOL_REFUSALS)),
  }),
);

/** `/register?school=<code>`: the school's registration link. */
export const registerSearchSchema = lazySchema(() =>
  z.object({
    school: schoolCode(),
  }),
);
