import { ROLES, roleLabel } from '@urs/sync-protocol';

/** The five roles as `<option>`s with the spec's labels; `allLabel` adds a blank "all" first. */
export function RoleOptions({ allLabel }: { allLabel?: string }) {
  return (
    <>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </>
  );
}
