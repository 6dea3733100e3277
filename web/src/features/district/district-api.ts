import {
  schoolOverviewRowSchema,
  schoolSchema,
  userSchema,
  z,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  type AnalyticsSnapshot,
  type School,
  type SchoolCreateInput,
  type SchoolOverviewRow,
  type SchoolUpdateInput,
  type User,
} from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import { UnexpectedResponseError } from '../../client/api-client.js';
import { parseOne, parsePaged } from '../../client/admin-kit.js';
import { field } from '../../lib/json-fields.js';

/*
 * The district administrator's calls (api/src/routes/district/routes.ts). Online only, as the
 * school admin's screens: nothing here is kept on the device. Every answer is parsed with the
 * contract's schema, so a screen never shows a row the server did not send whole.
 */

const SCHOOLS = 'api/district/schools';
const schoolPath = (id: string) => `${SCHOOLS}/${encodeURIComponent(id)}`;
const adminsPath = (id: string) => `${schoolPath(id)}/admins`;

const schoolList = z.array(schoolSchema);
const overviewList = z.array(schoolOverviewRowSchema);
const created = z.object({ school: schoolSchema, admin: userSchema });

export async function listSchools(): Promise<School[]> {
  return parseOne(await api.json('GET', SCHOOLS), schoolList);
}

/** One school by id, from the list (the API has no single-school read); null when unknown. */
export async function findSchool(id: string): Promise<School | null> {
  return (await listSchools()).find((school) => school.id === id) ?? null;
}

export async function districtOverview(): Promise<SchoolOverviewRow[]> {
  return parseOne(await api.json('GET', 'api/district/overview'), overviewList);
}

/** A new school with its first administrator, created together by the server. */
export async function createSchool(
  payload: SchoolCreateInput,
): Promise<{ school: School; admin: User }> {
  return parseOne(await api.json('POST', SCHOOLS, payload), created);
}

/** Only the fields sent change: name, SSO domains, registration code, active. */
export async function updateSchool(id: string, payload: SchoolUpdateInput): Promise<School> {
  return parseOne(await api.json('PATCH', schoolPath(id), payload), schoolSchema);
}

export async function listSchoolAdmins(schoolId: string): Promise<User[]> {
  return parsePaged(await api.json('GET', adminsPath(schoolId)), userSchema).data;
}

export async function createSchoolAdmin(
  schoolId: string,
  payload: AdminUserCreateInput,
): Promise<User> {
  return parseOne(await api.json('POST', adminsPath(schoolId), payload), userSchema);
}

export async function updateSchoolAdmin(
  schoolId: string,
  userId: string,
  payload: AdminUserUpdateInput,
): Promise<User> {
  const path = `${adminsPath(schoolId)}/${encodeURIComponent(userId)}`;
  return parseOne(await api.json('PATCH', path, payload), userSchema);
}

export async function deleteSchoolAdmin(schoolId: string, userId: string): Promise<void> {
  await api.json('DELETE', `${adminsPath(schoolId)}/${encodeURIComponent(userId)}`);
}

/** One school's analytics, as its own admin's screen shows them; read-only. */
export async function schoolAnalytics(schoolId: string): Promise<AnalyticsSnapshot> {
  const data = field(await api.json('GET', `${schoolPath(schoolId)}/analytics`), 'data');
  if (typeof data !== 'object' || data === null) {
    throw new UnexpectedResponseError('analytics answer has no data');
  }
  // The contract types the snapshot without a schema; the analytics screen reads it the same way.
  return data as AnalyticsSnapshot;
}
