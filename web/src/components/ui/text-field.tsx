import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useFieldControl, type FieldProps } from './field.js';

interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Extra classes for the input (it always has `input`). */
  inputClassName?: string;
}

/** A labelled input whose hint and server errors are tied to it for screen readers. */
export function TextField({ inputClassName, ...props }: TextFieldProps) {
  const { frame, control } = useFieldControl(props, inputClassName);
  return frame(<input {...control} />);
}

interface TextAreaFieldProps
  extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: ReactNode;
  /** Extra classes for the textarea (it always has `input`). */
  inputClassName?: string;
}

/** The multi-line twin of `TextField`, tied to its hint and errors the same way. */
export function TextAreaField({ inputClassName, ...props }: TextAreaFieldProps) {
  const { frame, control } = useFieldControl(props, inputClassName);
  return frame(<textarea {...control} />);
}
