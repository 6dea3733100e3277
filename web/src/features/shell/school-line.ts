import { isDistrictAdmin } from '../../lib/district.js';

/**
 * The line under the app's name and in the footer: the user's school (the name the server
 * gave at sign-in and with every pull; the app's own school line for a session kept by an
 * older app); the district administrator belongs to no school, so theirs names the district
 * office instead.
 */
export function schoolLineOf(
  user: { role: string; school_name?: string | null | undefined },
  t: (key: 'app.school' | 'app.districtOffice') => string,
): string {
  if (isDistrictAdmin(user.role)) return t('app.districtOffice');
  return user.school_name ?? t('app.school');
}
