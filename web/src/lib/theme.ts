import type { Theme } from '@urs/sync-protocol';

export const DEFAULT_THEME: Theme = 'dark';

/** The stylesheet keys every colour off `html[data-theme]`. */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset['theme'] = theme;
  document.documentElement.style.colorScheme = theme === 'dark' ? 'dark' : 'light';
}
