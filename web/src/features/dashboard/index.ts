/**
 * What other features may use of the dashboard: the signed-in frame drawn ahead, which the
 * shell takes away when the dashboard will not come to replace it (see LocalDataGate).
 * Everything else in this folder is private to it, and lint refuses imports that bypass this file.
 */
export { dropSignedInFrame, SIGNED_IN_FRAME_ID } from './signed-in-frame-id.js';
