import { isDistrictAdmin } from '../../lib/district.js';

/**
 * The text key of the school's name under the app's name and in the footer: the district
 * administrator belongs to no school, so theirs names the district office instead.
 */
export function schoolLineOf(role: string): 'app.school' | 'app.districtOffice' {
  return isDistrictAdmin(role) ? 'app.districtOffice' : 'app.school';
}
