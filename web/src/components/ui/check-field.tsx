import type { ReactNode } from 'react';

interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Extra classes for the label (it always has `admin-check`). */
  className?: string;
}

/** A checkbox wrapped in its label, so a tap on the text toggles it too. */
export function CheckField({ label, checked, onChange, className }: CheckFieldProps) {
  return (
    <label className={className === undefined ? 'admin-check' : `admin-check ${className}`}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
