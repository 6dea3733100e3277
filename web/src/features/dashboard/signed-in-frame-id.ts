/**
 * The signed-in frame index.html carries (build/route-html.ts): the shell and the dashboard's
 * first lines drawn ahead, shown by its inline script only on `/` for a stored session.
 */
export const SIGNED_IN_FRAME_ID = 'signed-in-ahead';
/** The greeting's text node, where the inline script writes the stored user's name. */
export const FRAME_GREETING_ID = 'signed-in-ahead-greeting';
/** Stands in for the name in the greeting rendered at build time. */
export const FRAME_NAME_SLOT = '%NAME%';

/** Takes the frame drawn ahead out of the page, if it is there. */
export function dropSignedInFrame(doc: Document = document): void {
  doc.getElementById(SIGNED_IN_FRAME_ID)?.remove();
}

/** Whether the frame drawn ahead is on screen (its inline script shows it, or removes it). */
export function signedInFrameShown(doc: Document = document): boolean {
  const frame = doc.getElementById(SIGNED_IN_FRAME_ID);
  return frame !== null && !frame.hidden;
}
