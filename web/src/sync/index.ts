/** The sync layer's public surface: features import from here, not from the files inside. */
export {
  enqueue,
  enqueueAll,
  enqueueReady,
  discardRejected,
  discardRejectedEntries,
  resendRejected,
  retryRejected,
} from './outbox.js';
export type { OptimisticWrite, EnqueueOptions, EnqueueStep, RetryEdit } from './outbox.js';
export { planned } from './planned.js';
export type { PlannedMutation } from './planned.js';
export { discardUnusedPhoto, savePhoto, sniffImageType, sha256Hex } from './photos.js';
export { nameOf, namesOf } from './departed.js';
export type { SavePhotoOptions } from './photos.js';
export { compressImage, canCompressImages, COMPRESSION_OPTIONS } from './photo-compress.js';
export type { ImageCompressor } from './photo-compress.js';
export { createSyncEngine } from './engine.js';
export type {
  SyncEngine,
  SyncEngineOptions,
  SyncEngineState,
  SyncOutcome,
  SyncRunOptions,
} from './engine.js';
export { startSyncTriggers, registerBackgroundSync, BACKGROUND_SYNC_TAG } from './triggers.js';
export type { SyncTriggers, SyncTriggerOptions, TriggerEnvironment } from './triggers.js';
export {
  claimLocalData,
  dataOwner,
  openEntriesFor,
  pendingCountFor,
  rejectedFor,
} from './local-data-owner.js';
export { concerns, rowsConcerned, waitingMarks } from './marks.js';
export type { SyncMark } from './marks.js';
export { requestPersistentStorage, estimateStorage } from './storage.js';
export { useSyncStatus } from './use-sync-status.js';
export { seemsOnline } from './reachability.js';
export type { PullProgress } from './pull.js';
export type { SyncStatus } from './use-sync-status.js';
export {
  MutationValidationError,
  PhotoError,
  StorageFullError,
  withStorageGuard,
} from './errors.js';
export { backoffDelay, DEFAULT_BACKOFF } from './backoff.js';
export { createSyncLock, createMemoryLock, SYNC_LOCK_NAME } from './lock.js';
export { onLocalWrite } from './local-writes.js';
export { createSyncRuntime } from './runtime.js';
export type { SyncRuntime, SyncRuntimeDeps } from './runtime.js';
export { SyncEngineProvider, useSyncEngine } from './engine-context.js';

// Reached by inventory, announcements, dashboard, settings and shell (issue 38: features import
// sync only from here).
export type { StorageUsage } from './storage.js';
export { departedName } from './departed.js';
export {
  firstDownloadOf,
  IDLE_DOWNLOAD,
  useFirstDownload,
  useFirstDownloadState,
} from './first-download.js';
export type { FirstDownload } from './first-download.js';
export { keepServerCopies } from './server-copy.js';
export type { ServerCopy } from './server-copy.js';
// The inbox opens a device-written refusal where its record is fixed (decision 031).
export { inboxPath } from './refused-notice.js';
