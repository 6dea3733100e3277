/**
 * Whether the page has lost its focus: the element that had it went away (a dialog answered, a
 * screen replaced, a button disabled while saving), and the browser put it on the body, where
 * Tab starts over from the top of the page.
 */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body;
}

/**
 * Puts the focus on the screen's content (the shell's `#main`, focusable for this: tabIndex -1),
 * where Tab goes on from the top of the screen rather than of the whole page; the page does not
 * scroll to it.
 */
export function focusContent(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}
