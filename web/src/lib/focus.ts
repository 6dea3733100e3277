/**
 * Whether the page has lost its focus: the element that had it went away (a dialog answered, a
 * screen replaced, a button disabled while saving), and the browser put it on the body, where
 * Tab starts over from the top of the page.
 */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body;
}
