import { useLayoutEffect } from 'react';

import { PRERENDERED_ID } from './prerendered-id.js';

/** What a visitor typed into the page rendered ahead before the scripts arrived. */
export interface TypedAhead {
  email: string;
  password: string;
  /** The field that had the focus, to hand it on. */
  focused: 'email' | 'password' | null;
}

const fieldOf = (form: ParentNode, name: 'email' | 'password') =>
  form.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/**
 * Takes the page rendered ahead out of the document and returns what was typed into it, or
 * null when there is none (every page but a first `/login`, or already taken).
 */
export function takePrerendered(doc: Document = document): TypedAhead | null {
  const ahead = doc.getElementById(PRERENDERED_ID);
  if (ahead === null) return null;
  const email = fieldOf(ahead, 'email');
  const password = fieldOf(ahead, 'password');
  const active = doc.activeElement;
  const focused = active === email ? 'email' : active === password ? 'password' : null;
  const typed: TypedAhead = { email: email?.value ?? '', password: password?.value ?? '', focused };
  ahead.remove();
  return typed;
}

/**
 * The live form replaces the one rendered ahead in the same frame (a layout effect runs before
 * the browser paints), so nothing flashes or moves, and keeps what the visitor typed into it.
 */
export function useAdoptPrerendered(
  setEmail: (value: string) => void,
  setPassword: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = takePrerendered();
    if (typed === null) return;
    if (typed.email !== '') setEmail(typed.email);
    if (typed.password !== '') setPassword(typed.password);
    if (typed.focused !== null) fieldOf(document, typed.focused)?.focus();
  }, [setEmail, setPassword]);
}
