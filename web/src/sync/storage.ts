/**
 * Asks the browser not to evict our IndexedDB under storage pressure (call after login). Safari
 * may otherwise drop a site's data after weeks without a visit, outbox included. Feature-tested:
 * returns false where the API is missing or the browser says no.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return false;
  const storage = navigator.storage;
  if (typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export interface StorageUsage {
  usageBytes: number;
  quotaBytes: number;
}

/** For the settings screen: how much this origin stores and may store. */
export async function estimateStorage(): Promise<StorageUsage | null> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return null;
  if (typeof navigator.storage.estimate !== 'function') return null;
  try {
    const estimate = await navigator.storage.estimate();
    return { usageBytes: estimate.usage ?? 0, quotaBytes: estimate.quota ?? 0 };
  } catch {
    return null;
  }
}
