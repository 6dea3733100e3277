/** The PWA surface the screens use: the update prompt, the install button, unsaved changes. */
export { UpdatePrompt } from './UpdatePrompt.js';
export { InstallButton } from './InstallButton.js';
export { useUnsavedChanges } from './unsaved-changes.js';
export {
  currentPushState,
  pushAvailability,
  subscribePush,
  unsubscribePush,
  type PushState,
} from './push-subscription.js';
export { useWorkerMessages } from './worker-messages.js';
