import type { Plugin } from 'vite';
import { THEMES } from '../../sync-protocol/src/vocabulary.js';
import { STORAGE_KEYS } from '../src/lib/storage-keys.js';

/**
 * The stored theme (spec: `urs_theme`; unknown or none is dark) applied to <html> as
 * src/lib/theme.ts's applyTheme does, run inline in the head so the page drawn ahead (the login
 * form, the signed-in frame) is painted in the visitor's theme, not repainted once the app runs.
 * Storage that refuses to be read leaves the page's own default. The API allows this script by
 * its hash (api/src/routes/web/inline-scripts.ts): the CSP has no 'unsafe-inline'.
 */
export function themeAheadSource(): string {
  return [
    '(() => {',
    '  let theme = null;',
    '  try {',
    `    theme = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});`,
    '  } catch {',
    '    return;',
    '  }',
    `  if (!${JSON.stringify(THEMES)}.includes(theme)) theme = 'dark';`,
    '  const html = document.documentElement;',
    '  html.dataset.theme = theme;',
    "  html.style.colorScheme = theme === 'dark' ? 'dark' : 'light';",
    '})();',
  ].join('\n');
}

/**
 * Puts themeAheadSource() first in index.html's head: before the stylesheets, since a classic
 * script after a pending stylesheet waits for it, and before anything in the body is drawn.
 */
export function themeAhead(): Plugin {
  return {
    name: 'urs-theme-ahead',
    transformIndexHtml: () => [
      { tag: 'script', children: themeAheadSource(), injectTo: 'head-prepend' },
    ],
  };
}
