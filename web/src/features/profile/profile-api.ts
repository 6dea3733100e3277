import type { User } from '@urs/sync-protocol';
import { api } from '../../lib/api.js';
import { UnexpectedResponseError } from '../../lib/api-client.js';
import { parseUser } from '../../lib/session.js';
import { field, stringField } from '../../lib/json-fields.js';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** `POST /api/profile` as multipart/form-data (spec section 5): the saved user comes back. */
export async function postProfile(form: FormData): Promise<User> {
  const user = await parseUser(field(await api.form('api/profile', form), 'user'));
  if (user === null) throw new UnexpectedResponseError('user data not recognised');
  return user;
}

export async function postPassword(payload: PasswordChange): Promise<string | null> {
  return stringField(await api.json('POST', 'api/profile/password', payload), 'message') ?? null;
}
