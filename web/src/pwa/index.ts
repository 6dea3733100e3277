/** The PWA surface the app shell uses: registration and updates, install, session mirror. */
export { registerServiceWorker, SERVICE_WORKER_URL } from './register.js';
export type { ServiceWorkerController } from './register.js';
export { UpdatePrompt, useUpdateAvailable, UPDATE_PROMPT_LABELS } from './UpdatePrompt.js';
export type { UpdatePromptLabels, UpdatePromptProps } from './UpdatePrompt.js';
export { InstallButton, INSTALL_BUTTON_LABELS } from './InstallButton.js';
export type { InstallButtonLabels, InstallButtonProps } from './InstallButton.js';
export { useInstallPrompt, promptInstall, listenForInstallPrompt } from './install-prompt.js';
export type { InstallPrompt, InstallOutcome } from './install-prompt.js';
export {
  registerUnsavedChanges,
  hasUnsavedChanges,
  useUnsavedChanges,
  DISCARD_UNSAVED_MESSAGE,
} from './unsaved-changes.js';
export { mirrorSession, readMirroredSession } from './session-mirror.js';
export type { MirroredSession } from './session-mirror.js';
export { PHOTO_CACHE, AVATAR_CACHE } from './constants.js';
