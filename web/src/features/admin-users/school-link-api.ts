import { ownSchoolSchema, type OwnSchool } from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import { parseOne } from '../../client/admin-kit.js';

/** The admin's own school: its name, registration code and whether the deployment has several. */
export async function getOwnSchool(): Promise<OwnSchool> {
  return parseOne(await api.json('GET', 'api/school'), ownSchoolSchema);
}

/** A new registration code for the admin's school; the old link stops working at once. */
export async function renewRegistrationCode(): Promise<OwnSchool> {
  return parseOne(await api.json('POST', 'api/school/registration-code'), ownSchoolSchema);
}

/** The link the admin hands out: this app's registration page carrying the school's code. */
export function registrationLink(origin: string, code: string): string {
  return `${origin}/register?${new URLSearchParams({ school: code }).toString()}`;
}
