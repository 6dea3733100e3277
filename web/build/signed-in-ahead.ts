import { DISTRICT_ADMIN } from '@urs/sync-protocol';
import { STORAGE_KEYS } from '../src/lib/storage-keys.js';
import {
  FRAME_GREETING_ID,
  FRAME_NAME_SLOT,
  SIGNED_IN_FRAME_ID,
} from '../src/features/dashboard/signed-in-frame-id.js';
import { WIDE_SCREEN_QUERY } from '../src/features/shell/use-media-query.js';

const json = (value: string) => JSON.stringify(value);

/**
 * Runs inline right after the signed-in frame in index.html, before the first paint: shows it
 * only on `/` for a stored session (a token and the cached user, whose name it writes into the
 * greeting) of a school, in Indonesian, in the shell's layout for this screen's width; otherwise removes it,
 * and the page starts as before. The API allows it by its hash, as theme-ahead.ts's script.
 */
export function signedInAheadSource(): string {
  return [
    '(() => {',
    `  const frame = document.getElementById(${json(SIGNED_IN_FRAME_ID)});`,
    '  if (frame === null) return;',
    '  try {',
    `    const token = localStorage.getItem(${json(STORAGE_KEYS.token)});`,
    `    const user = JSON.parse(localStorage.getItem(${json(STORAGE_KEYS.user)}) ?? 'null');`,
    `    const language = localStorage.getItem(${json(STORAGE_KEYS.language)});`,
    "    const name = typeof user === 'object' && user !== null ? user.name : undefined;",
    "    const english = language === 'en' || user?.preferred_language === 'en';",
    // The district administrator's `/` is the district overview, never the dashboard's frame.
    `    const district = user?.role === ${json(DISTRICT_ADMIN)};`,
    "    if (location.pathname !== '/' || !token || typeof name !== 'string' || english || district) {",
    '      frame.remove();',
    '      return;',
    '    }',
    `    const wide = matchMedia(${json(WIDE_SCREEN_QUERY)}).matches;`,
    '    const shell = frame.firstElementChild;',
    "    shell.dataset.layout = wide ? 'wide' : 'narrow';",
    "    shell.dataset.sidebar = wide ? 'open' : 'closed';",
    `    const greeting = document.getElementById(${json(FRAME_GREETING_ID)});`,
    `    greeting.textContent = greeting.textContent.replace(${json(FRAME_NAME_SLOT)}, name);`,
    '    frame.hidden = false;',
    '  } catch {',
    '    frame.remove();',
    '  }',
    '})();',
  ].join('\n');
}
