import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useField, type FieldProps } from './field.js';

interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Extra classes for the input (it always has `input`). */
  inputClassName?: string;
}

/** A labelled input whose hint and server errors are tied to it for screen readers. */
export function TextField({
  label,
  id,
  hint,
  errors,
  className,
  inputClassName,
  ...input
}: TextFieldProps) {
  const field = useField({ label, id, hint, errors, className });
  return field.frame(
    <input
      id={field.id}
      className={inputClassName === undefined ? 'input' : `input ${inputClassName}`}
      {...field.aria}
      {...input}
    />,
  );
}

interface TextAreaFieldProps
  extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: ReactNode;
  /** Extra classes for the textarea (it always has `input`). */
  inputClassName?: string;
}

/** The multi-line twin of `TextField`, tied to its hint and errors the same way. */
export function TextAreaField({
  label,
  id,
  hint,
  errors,
  className,
  inputClassName,
  ...textarea
}: TextAreaFieldProps) {
  const field = useField({ label, id, hint, errors, className });
  return field.frame(
    <textarea
      id={field.id}
      className={inputClassName === undefined ? 'input' : `input ${inputClassName}`}
      {...field.aria}
      {...textarea}
    />,
  );
}
