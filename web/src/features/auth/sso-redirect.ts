import { field, stringField } from '../../lib/json-fields.js';
import {
  isSafeRedirectPath,
  keepPostLoginRedirect,
  takePostLoginRedirect,
} from '../../lib/navigation.js';
import { STORAGE_KEYS } from '../../lib/storage-keys.js';

export const SSO_START_PATH = '/api/auth/microsoft/start';
/** Where the provider sends the browser back (the route in router.tsx). */
export const SSO_CALLBACK_PATH = '/auth/microsoft/callback';

/**
 * Where the SSO button goes: the start endpoint, carrying the login's redirect when it is safe,
 * and the school's registration code when the visit came from its registration link (the
 * server checks it, and a new account joins that school unless its email domain names one).
 */
export function ssoStartHref(redirect: unknown, school?: string): string {
  const query = new URLSearchParams();
  if (isSafeRedirectPath(redirect)) query.set('redirect', redirect);
  const code = school?.trim() ?? '';
  if (code !== '') query.set('school', code);
  const text = query.toString();
  return text === '' ? SSO_START_PATH : `${SSO_START_PATH}?${text}`;
}

/**
 * Leaves the app for the provider. Where to come back to is kept in session storage first
 * (spec section 9, `urs_post_login_redirect`): it survives the round trip in this tab, whatever
 * the provider does with the query.
 */
export function leaveForSso(
  redirect: unknown,
  school?: string,
  storage: Storage = sessionStorage,
): void {
  keepPostLoginRedirect(storage, STORAGE_KEYS.postLoginRedirect, redirect);
  window.location.assign(ssoStartHref(redirect, school));
}

/**
 * After an SSO login: the path kept before leaving (taken out of storage, used once), else the
 * server's `redirect`, each only when it is a safe single-slash path; else home.
 */
export function redirectAfterSso(answer: unknown, storage: Storage = sessionStorage): string {
  const kept = takePostLoginRedirect(storage, STORAGE_KEYS.postLoginRedirect);
  if (kept !== null) return kept;
  const redirect = field(answer, 'redirect');
  return isSafeRedirectPath(redirect) ? redirect : '/';
}

export interface SsoConfig {
  enabled: boolean;
  provider: string;
}

/** The `GET /api/auth/sso` answer, or a disabled config when it is not understood. */
export function parseSsoConfig(body: unknown): SsoConfig {
  if (typeof body !== 'object' || body === null) return { enabled: false, provider: '' };
  const enabled = field(body, 'enabled');
  const provider = stringField(body, 'provider');
  return {
    enabled: enabled === true,
    provider: provider !== undefined && provider !== '' ? provider : 'Microsoft',
  };
}

/** Why an SSO sign-in came back to the login page: the API's start, or the callback screen. */
export const SSO_SCHOOL_REFUSALS = ['school_unknown', 'sso_school_unknown'] as const;
export type SsoSchoolRefusal = (typeof SSO_SCHOOL_REFUSALS)[number];

export const isSsoSchoolRefusal = (code: unknown): code is SsoSchoolRefusal =>
  SSO_SCHOOL_REFUSALS.some((known) => known === code);
