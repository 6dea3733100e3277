import { useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../../lib/focus.js';

/**
 * Where the focus goes once a submit of a form that stays on screen has run (`busy` back to
 * false): to the first field it marked aria-invalid, whose error is read with it through
 * aria-describedby, instead of staying on the button with nothing said. Without a marked field
 * it is kept in the form, where a message for the whole form is its alert: the submit button,
 * disabled while saving, drops the focus on <body> in the browser, and Tab would start over.
 * Call `submitted` on each submit; put `form` on the <form>.
 */
export function useFailedSubmitFocus(busy: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    const element = form.current;
    if (attempts === 0 || busy || element === null) return;
    // Only the focus still in this form, or lost with its disabled button: a user who went on
    // to something else while it saved (the profile's other form) keeps their place.
    const lost = focusIsLost();
    if (!lost && !element.contains(document.activeElement)) return;
    const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid !== null) invalid.focus();
    else if (lost) element.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [attempts, busy]);

  return { form, submitted: () => setAttempts((count) => count + 1) };
}
