import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** The control's id; a generated one when absent. Its hint and errors get `${id}-hint`/`-error`. */
  id?: string | undefined;
  hint?: string | undefined;
  errors?: readonly string[] | undefined;
  /** Extra classes for the wrapping `.field` (layout: `admin-search`, `inv-filter`, …). */
  className?: string | undefined;
}

interface FieldFrame {
  id: string;
  /** aria-invalid and, when there is a hint or an error, aria-describedby for the control. */
  aria: { 'aria-invalid': boolean; 'aria-describedby'?: string };
  /** Wraps the control in the label, hint and errors. */
  frame: (control: ReactNode) => ReactNode;
}

/**
 * The label, hint and errors every labelled control shares, so a text input and a select tie
 * themselves to their messages for screen readers in one way.
 */
export function useField({ label, id: givenId, hint, errors, className }: FieldProps): FieldFrame {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = errors !== undefined && errors.length > 0;
  const describedBy = [hint !== undefined ? hintId : null, hasError ? errorId : null]
    .filter((value) => value !== null)
    .join(' ');
  return {
    id,
    aria: {
      'aria-invalid': hasError,
      ...(describedBy !== '' && { 'aria-describedby': describedBy }),
    },
    frame: (control) => (
      <div className={className === undefined ? 'field' : `field ${className}`}>
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {control}
        {hint !== undefined && (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        )}
        {hasError && (
          <p id={errorId} className="field-error">
            {errors.join(' ')}
          </p>
        )}
      </div>
    ),
  };
}

/**
 * Splits a labelled control's props: the field's own go to `useField`, the rest (value,
 * handlers, native attributes) to the control, which always has the `input` class.
 */
export function useFieldControl<Props extends FieldProps>(
  { label, id, hint, errors, className, ...rest }: Props,
  controlClassName: string | undefined,
) {
  const field = useField({ label, id, hint, errors, className });
  return {
    frame: field.frame,
    control: {
      id: field.id,
      className: controlClassName === undefined ? 'input' : `input ${controlClassName}`,
      ...field.aria,
      ...rest,
    },
  };
}
