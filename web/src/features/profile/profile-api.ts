import type { User } from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import {
  ApiError,
  NetworkError,
  statusMessage,
  UnexpectedResponseError,
} from '../../client/api-client.js';
import { parseUser } from '../../client/session-store.js';
import { STORAGE_KEYS } from '../../lib/storage-keys.js';
import { field } from '../../lib/json-fields.js';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * `POST /api/profile` as multipart/form-data. The shared JSON client cannot send a form, so
 * this one call uses fetch and raises the same ApiError / NetworkError as the client does.
 */
export async function postProfile(form: FormData, fetchImpl: typeof fetch = fetch): Promise<User> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token !== null && token !== '') headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    // No Content-Type: the browser writes the multipart boundary itself.
    response = await fetchImpl('/api/profile', { method: 'POST', headers, body: form });
  } catch (err) {
    throw new NetworkError(err);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An HTML error page or an empty body: the status decides the message below.
  }
  if (!response.ok) {
    const message = field(body, 'message');
    throw new ApiError(
      response.status,
      typeof message === 'string' && message !== '' ? message : statusMessage(response.status),
      body,
    );
  }
  const user = await parseUser(field(body, 'user'));
  if (user === null) throw new UnexpectedResponseError('user data not recognised');
  return user;
}

export async function postPassword(payload: PasswordChange): Promise<string | null> {
  const body = await api.json('POST', 'api/profile/password', payload);
  const message = field(body, 'message');
  return typeof message === 'string' ? message : null;
}
