import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@urs/sync-protocol';
import { loadEnglishErrorTexts } from './error-text.js';
import { en, id } from './i18n-resources.js';

export const DEFAULT_LANGUAGE: Language = 'id';

/** Starts i18next with both dictionaries bundled: an offline first start must not wait for files. */
export function initI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { id: { translation: id }, en: { translation: en } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18next;
}

export function applyLanguage(language: Language) {
  if (language === 'en') void loadEnglishErrorTexts().catch(() => {});
  initI18n(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Merges a feature's dictionaries into the running i18next (deep, never overwriting shared keys).
 * init() builds a new resource store, so a module imported before it (tests) waits for it.
 */
export function registerTexts(texts: Record<Language, object>): void {
  const add = () => {
    for (const language of LANGUAGES) {
      i18next.addResourceBundle(language, 'translation', texts[language], true, false);
    }
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

/** Translation outside React (toasts raised by services). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options);
}
