import { DISTRICT_ADMIN } from '@urs/sync-protocol';

/*
 * The district administrator (issue 39, docs/decisions/027-schools-as-tenants.md): an account of
 * no school, who manages the schools of a deployment and files no field work.
 */

/** Whether the account is the district administrator's. */
export function isDistrictAdmin(role: string | null | undefined): boolean {
  return role === DISTRICT_ADMIN;
}

/**
 * Whether a signed-in account's device pulls and pushes a school's field data (and polls its
 * unread announcements). Every school account does. The district administrator has no school:
 * the server answers their pull with nothing and refuses each pushed change, so their device
 * starts neither, and their screens ask the API directly.
 */
export function syncsFieldData(role: string): boolean {
  return !isDistrictAdmin(role);
}
