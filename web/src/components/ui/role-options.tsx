import { ROLES } from '@urs/sync-protocol';
import { roleText } from '../../lib/role-text.js';

/** The five roles as `<option>`s with the spec's labels; `allLabel` adds a blank "all" first. */
export function RoleOptions({ allLabel }: { allLabel?: string }) {
  return (
    <>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleText(role)}
        </option>
      ))}
    </>
  );
}
