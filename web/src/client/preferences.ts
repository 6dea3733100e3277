import { LANGUAGES, THEMES, type Language, type Theme } from '@urs/sync-protocol';
import { serverMessage } from './server-errors.js';
import { applyLanguage, DEFAULT_LANGUAGE, t } from '../lib/i18n.js';
import { applyTheme, DEFAULT_THEME } from '../lib/theme.js';
import { STORAGE_KEYS } from '../lib/storage-keys.js';
import { createListeners } from '../lib/listeners.js';

export interface PreferenceControllerOptions<T extends string> {
  values: readonly T[];
  fallback: T;
  storageKey: string;
  storage: Storage;
  /** Makes the value visible at once (DOM attribute, i18next language). */
  apply: (value: T) => void;
  /** Saves for the signed-in user; null when nobody is signed in. */
  saveRemote: () => ((value: T) => Promise<void>) | null;
  /** Shown when the server gave no message; a function so it follows the interface language. */
  failMessage: () => string;
}

export interface PreferenceController<T extends string> {
  get: () => T;
  /** Chooses and applies the starting value: explicit, then the user's, then stored, then default. */
  init: (sources?: { explicit?: unknown; user?: unknown }) => T;
  /**
   * Applies and stores at once; for a signed-in user also saves on the server, and on failure
   * restores the value the server holds (unless a newer choice was made meanwhile) and throws
   * an Error carrying the message to show.
   */
  set: (value: T) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

/** The first candidate that is a known value, else the fallback: unknown values never stick. */
export function pickPreference<T extends string>(
  values: readonly T[],
  fallback: T,
  candidates: readonly unknown[],
): T {
  for (const candidate of candidates) {
    const known = values.find((value) => value === candidate);
    if (known !== undefined) return known;
  }
  return fallback;
}

export function createPreferenceController<T extends string>(
  options: PreferenceControllerOptions<T>,
): PreferenceController<T> {
  const { values, fallback, storageKey, storage, apply } = options;
  let current: T = fallback;
  /** The value the server is known to hold (or the starting one): what a failure goes back to. */
  let confirmed: T = fallback;
  /** The last choice made; an older one's failure leaves the screen on the newer choice. */
  let latest = 0;
  /** Saves run one after another, so the server ends on the last choice, whatever answers first. */
  let saving: Promise<unknown> = Promise.resolve();
  const changes = createListeners();

  const use = (value: T) => {
    current = value;
    apply(value);
    storage.setItem(storageKey, value);
    changes.notify();
  };

  return {
    get: () => current,
    init(sources = {}) {
      const value = pickPreference(values, fallback, [
        sources.explicit,
        sources.user,
        storage.getItem(storageKey),
      ]);
      use(value);
      confirmed = value;
      return value;
    },
    async set(value) {
      const choice = ++latest;
      use(value);
      const save = options.saveRemote();
      if (save === null) {
        confirmed = value;
        return;
      }
      const saved = saving.then(() => save(value));
      saving = saved.catch(() => undefined);
      try {
        await saved;
        confirmed = value;
      } catch (err) {
        if (choice === latest) use(confirmed);
        const message = serverMessage(err) ?? options.failMessage();
        throw new Error(message, { cause: err });
      }
    },
    subscribe: changes.subscribe,
  };
}

export function createThemeController(deps: {
  storage: Storage;
  saveRemote: () => ((theme: Theme) => Promise<void>) | null;
}): PreferenceController<Theme> {
  return createPreferenceController({
    values: THEMES,
    fallback: DEFAULT_THEME,
    storageKey: STORAGE_KEYS.theme,
    storage: deps.storage,
    apply: applyTheme,
    saveRemote: deps.saveRemote,
    failMessage: () => t('settings.themeFailed'),
  });
}

export function createLanguageController(deps: {
  storage: Storage;
  saveRemote: () => ((language: Language) => Promise<void>) | null;
}): PreferenceController<Language> {
  return createPreferenceController({
    values: LANGUAGES,
    fallback: DEFAULT_LANGUAGE,
    storageKey: STORAGE_KEYS.language,
    storage: deps.storage,
    apply: applyLanguage,
    saveRemote: deps.saveRemote,
    failMessage: () => t('settings.languageFailed'),
  });
}
