// @vitest-environment jsdom
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/lib/i18n.js';
import { SignedInFrame } from '../src/features/dashboard/signed-in-frame.js';
import { signedInAheadSource } from './signed-in-ahead.js';

const USER = { id: 'u1', name: 'Rahmat Hidayat', role: 'admin', preferred_language: 'id' };
let markup = '';

beforeAll(() => {
  initI18n('id');
  markup = renderToString(createElement(SignedInFrame));
});
afterEach(() => localStorage.clear());

interface Visit {
  path?: string;
  token?: string | null;
  user?: unknown;
  language?: string;
  wide?: boolean;
}

/** The frame as index.html carries it, after its inline script ran for `visit`. */
function frameAfterScript(visit: Visit = {}) {
  const { path = '/', token = 'token-1', user = USER, language, wide = false } = visit;
  document.body.innerHTML = markup;
  if (token !== null) localStorage.setItem('auth_token', token);
  if (user !== undefined) localStorage.setItem('urs_user', JSON.stringify(user));
  if (language !== undefined) localStorage.setItem('urs_language', language);
  runInNewContext(signedInAheadSource(), {
    document,
    localStorage,
    JSON,
    location: { pathname: path },
    matchMedia: (query: string) => ({ matches: wide && query === '(min-width: 1024px)' }),
  });
  const frame = document.getElementById('signed-in-ahead');
  const shell = frame?.querySelector<HTMLElement>('.shell');
  return {
    shown: frame !== null && !frame.hidden,
    greeting: frame?.querySelector('.greeting')?.textContent,
    layout: shell?.dataset['layout'],
    sidebar: shell?.dataset['sidebar'],
  };
}

describe('the signed-in frame drawn ahead', () => {
  it('starts hidden and inert, so nothing of it shows or can be used without its script', () => {
    document.body.innerHTML = markup;
    const frame = document.getElementById('signed-in-ahead');
    expect(frame?.hidden).toBe(true);
    expect(frame?.hasAttribute('inert')).toBe(true);
  });

  it("shows the stored user's greeting on / for a stored session, in the narrow layout", () => {
    expect(frameAfterScript()).toEqual({
      shown: true,
      greeting: 'Selamat datang, Rahmat Hidayat',
      layout: 'narrow',
      sidebar: 'closed',
    });
  });

  it('opens the sidebar panel on a wide screen, as the shell does at 1024 px', () => {
    expect(frameAfterScript({ wide: true })).toMatchObject({ layout: 'wide', sidebar: 'open' });
  });

  it('writes a name as text, never as markup', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(frameAfterScript({ user: { ...USER, name } }).greeting).toBe(`Selamat datang, ${name}`);
    expect(document.querySelector('#signed-in-ahead img')).toBeNull();
  });

  it('is removed without a session, without a cached user, on another page, in English or for the district', () => {
    for (const visit of [
      { token: null },
      { token: '' },
      { user: null },
      { user: { ...USER, name: 7 } },
      { path: '/announcements' },
      { language: 'en' },
      { user: { ...USER, preferred_language: 'en' } },
      // The district administrator's home is the district overview, not this dashboard.
      { user: { ...USER, role: 'district_admin' } },
    ] satisfies Visit[]) {
      expect(frameAfterScript(visit).shown, JSON.stringify(visit)).toBe(false);
      expect(document.getElementById('signed-in-ahead'), JSON.stringify(visit)).toBeNull();
    }
  });

  it('is removed when the cached user cannot be read', () => {
    document.body.innerHTML = markup;
    localStorage.setItem('auth_token', 't');
    localStorage.setItem('urs_user', '{not json');
    runInNewContext(signedInAheadSource(), {
      document,
      localStorage,
      JSON,
      location: { pathname: '/' },
      matchMedia: () => ({ matches: false }),
    });
    expect(document.getElementById('signed-in-ahead')).toBeNull();
  });
});
