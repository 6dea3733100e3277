import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { PRERENDERED_ID } from './prerendered-id.js';

type Field = 'email' | 'password';

/** What a visitor did on the page rendered ahead before the scripts arrived. */
export interface TypedAhead {
  email: string;
  password: string;
  /** The field that had the focus, to hand it on. */
  focused: Field | null;
  /**
   * The send button had the focus with both fields filled: it was pressed (a press focuses it)
   * or was about to be. The page rendered ahead cannot send (its button is inert), so the live
   * form sends for it.
   */
  sendPressed: boolean;
}

const fieldOf = (root: ParentNode, name: Field) =>
  root.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/**
 * Takes the page rendered ahead out of the document and returns what was done on it, or null
 * when there is none (every page but a first `/login`, or already taken).
 */
export function takePrerendered(doc: Document = document): TypedAhead | null {
  const ahead = doc.getElementById(PRERENDERED_ID);
  if (ahead === null) return null;
  const email = fieldOf(ahead, 'email')?.value ?? '';
  const password = fieldOf(ahead, 'password')?.value ?? '';
  const active = doc.activeElement;
  const focused: Field | null =
    active === fieldOf(ahead, 'email')
      ? 'email'
      : active === fieldOf(ahead, 'password')
        ? 'password'
        : null;
  const sendPressed =
    active !== null && active === ahead.querySelector('button') && email !== '' && password !== '';
  ahead.remove();
  return { email, password, focused, sendPressed };
}

/**
 * The live form replaces the one rendered ahead in the same frame (a layout effect runs before
 * the browser paints), so nothing flashes or moves; it keeps what the visitor typed and the
 * focus, and sends if the visitor already pressed the send button. Returns the live form's ref.
 */
export function useAdoptPrerendered(
  setEmail: (value: string) => void,
  setPassword: (value: string) => void,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const [sendAhead, setSendAhead] = useState(false);
  useLayoutEffect(() => {
    const typed = takePrerendered();
    if (typed === null) return;
    if (typed.email !== '') setEmail(typed.email);
    if (typed.password !== '') setPassword(typed.password);
    if (typed.focused !== null && form.current !== null)
      fieldOf(form.current, typed.focused)?.focus();
    if (typed.sendPressed) setSendAhead(true);
  }, [setEmail, setPassword]);
  // After the render that holds the adopted values, so the form sends those.
  useEffect(() => {
    if (!sendAhead) return;
    setSendAhead(false);
    form.current?.requestSubmit();
  }, [sendAhead]);
  return form;
}
