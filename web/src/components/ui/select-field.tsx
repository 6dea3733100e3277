import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useFieldControl, type FieldProps } from './field.js';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps
  extends
    FieldProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'value' | 'onChange'> {
  value: string | number;
  /** The chosen option's value, as the select gives it (a string). */
  onChange: (value: string) => void;
  /** Options listed after `children` (which suit a blank "all" option or a custom list). */
  options?: readonly SelectOption[];
  children?: ReactNode;
  /** Extra classes for the select (it always has `input`). */
  selectClassName?: string;
}

/**
 * A labelled native select, the TextField of choices: the label stays tied to it (tests and
 * screen readers find it by its label) and its hint and errors are described like TextField's.
 */
export function SelectField({
  selectClassName,
  value,
  onChange,
  options,
  children,
  ...props
}: SelectFieldProps) {
  const { frame, control } = useFieldControl(props, selectClassName);
  return frame(
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      {children}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>,
  );
}
