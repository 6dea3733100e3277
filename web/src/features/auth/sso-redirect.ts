import { field, stringField } from '../../lib/json-fields.js';
import { isSafeRedirectPath } from '../../lib/navigation.js';

export const SSO_START_PATH = '/api/auth/microsoft/start';

/** Where the SSO button goes: the start endpoint, carrying the login's redirect when it is safe. */
export function ssoStartHref(redirect: unknown): string {
  return isSafeRedirectPath(redirect)
    ? `${SSO_START_PATH}?${new URLSearchParams({ redirect }).toString()}`
    : SSO_START_PATH;
}

/** After an SSO login: the server's `redirect` when it is a safe single-slash path, else home. */
export function redirectAfterSso(answer: unknown): string {
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
