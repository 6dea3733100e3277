import { THEMES, type Theme } from '@urs/sync-protocol';
import { t } from './i18n.js';
import { createPreferenceController, type PreferenceController } from './preferences.js';
import { STORAGE_KEYS } from './storage-keys.js';

export const DEFAULT_THEME: Theme = 'dark';

/** The stylesheet keys every colour off `html[data-theme]`. */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset['theme'] = theme;
  document.documentElement.style.colorScheme = theme === 'dark' ? 'dark' : 'light';
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
