// @vitest-environment jsdom
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { THEMES } from '@urs/sync-protocol';
import { applyTheme } from '../src/lib/theme.js';
import { themeAheadSource } from './theme-ahead.js';

const html = document.documentElement;

/** What <html> carries after the inline script ran with `stored` in local storage. */
function afterScript(stored: string | null): { theme?: string; scheme: string } {
  html.removeAttribute('data-theme');
  html.removeAttribute('style');
  if (stored === null) localStorage.removeItem('urs_theme');
  else localStorage.setItem('urs_theme', stored);
  // As the browser runs it: a classic script seeing the page's storage and document.
  runInNewContext(themeAheadSource(), { localStorage, document });
  return { theme: html.dataset['theme'], scheme: html.style.colorScheme };
}

function afterApp(theme: (typeof THEMES)[number]): { theme?: string; scheme: string } {
  html.removeAttribute('data-theme');
  html.removeAttribute('style');
  applyTheme(theme);
  return { theme: html.dataset['theme'], scheme: html.style.colorScheme };
}

afterEach(() => localStorage.clear());

describe('the theme applied before the first paint', () => {
  it('is the stored theme, set on <html> exactly as the app sets it', () => {
    for (const theme of THEMES) expect(afterScript(theme)).toEqual(afterApp(theme));
  });

  it('is dark for an unknown or missing value, as the spec falls back', () => {
    for (const stored of ['blue', '', null]) expect(afterScript(stored)).toEqual(afterApp('dark'));
  });
});
