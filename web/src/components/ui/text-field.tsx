import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  errors?: readonly string[] | undefined;
}

/** A labelled input whose hint and server errors are tied to it for screen readers. */
export function TextField({ label, hint, errors, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = errors !== undefined && errors.length > 0;
  const describedBy = [hint !== undefined ? hintId : null, hasError ? errorId : null]
    .filter((value) => value !== null)
    .join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={hasError}
        {...(describedBy !== '' && { 'aria-describedby': describedBy })}
        {...input}
      />
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
  );
}
