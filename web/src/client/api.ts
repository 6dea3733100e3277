import { createApiClient, type ApiClient } from './api-client.js';
import { STORAGE_KEYS } from '../lib/storage-keys.js';

/**
 * The app's HTTP client. The token is read from storage on every request, so clearing the
 * session also drops the Authorization header without rebuilding anything.
 */
export const api: ApiClient = createApiClient({
  // Absolute, so every fetch implementation (not only the browser's) resolves the API paths.
  baseUrl: new URL('/', location.href).href,
  getToken: () => localStorage.getItem(STORAGE_KEYS.token),
  timeoutMs: 15_000,
});
