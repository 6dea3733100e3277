// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.js';
import { initI18n } from '../lib/i18n.js';
import { createLanguageController, createThemeController } from './preferences.js';

beforeEach(() => {
  localStorage.clear();
  initI18n('id');
});

const signedOut = () => null;

describe('theme', () => {
  it('starts from explicit, then the user, then storage, then dark', () => {
    const theme = createThemeController({ storage: localStorage, saveRemote: signedOut });
    localStorage.setItem('urs_theme', 'cream');
    expect(theme.init({ explicit: 'light', user: 'dark' })).toBe('light');
    expect(theme.init({ user: 'dark' })).toBe('dark');
    localStorage.setItem('urs_theme', 'cream');
    expect(theme.init()).toBe('cream');
    localStorage.removeItem('urs_theme');
    expect(theme.init()).toBe('dark');
  });

  it('falls back to dark for unknown values', () => {
    const theme = createThemeController({ storage: localStorage, saveRemote: signedOut });
    localStorage.setItem('urs_theme', 'neon');
    expect(theme.init({ explicit: 'purple' })).toBe('dark');
  });

  it('applies at once via data-theme and saves locally', async () => {
    const theme = createThemeController({ storage: localStorage, saveRemote: signedOut });
    theme.init();
    await theme.set('cream');
    expect(document.documentElement.dataset['theme']).toBe('cream');
    expect(localStorage.getItem('urs_theme')).toBe('cream');
  });

  it('saves on the server for a signed-in user', async () => {
    const save = vi.fn(() => Promise.resolve());
    const theme = createThemeController({ storage: localStorage, saveRemote: () => save });
    theme.init({ explicit: 'dark' });
    await theme.set('light');
    expect(save).toHaveBeenCalledWith('light');
    expect(theme.get()).toBe('light');
  });

  it('reverts and raises the server message when saving fails', async () => {
    const failing = () => () =>
      Promise.reject(
        new ApiError(422, 'Tema harus salah satu dari: dark, light, cream.', {
          message: 'Tema harus salah satu dari: dark, light, cream.',
        }),
      );
    const theme = createThemeController({ storage: localStorage, saveRemote: failing });
    theme.init({ explicit: 'dark' });
    await expect(theme.set('light')).rejects.toThrow(
      'Tema harus salah satu dari: dark, light, cream.',
    );
    expect(theme.get()).toBe('dark');
    expect(document.documentElement.dataset['theme']).toBe('dark');
    expect(localStorage.getItem('urs_theme')).toBe('dark');
  });

  it('two quick changes: a failure goes back to what the server holds, never to an unsaved choice', async () => {
    const saves: { value: string; settle: (ok: boolean) => void }[] = [];
    const save = (value: string) =>
      new Promise<void>((resolve, reject) => {
        saves.push({
          value,
          settle: (ok) => (ok ? resolve() : reject(new NetworkError(null))),
        });
      });
    const theme = createThemeController({ storage: localStorage, saveRemote: () => save });
    const settled = async (index: number, ok: boolean) => {
      await vi.waitFor(() => expect(saves.length).toBeGreaterThan(index));
      saves[index]?.settle(ok);
    };

    // Both fail: back to dark, which the server holds, not to the unsaved light.
    theme.init({ explicit: 'dark' });
    const light = theme.set('light').catch((err: unknown) => err);
    const cream = theme.set('cream').catch((err: unknown) => err);
    await settled(0, false);
    await settled(1, false);
    expect(await light).toBeInstanceOf(Error);
    expect(await cream).toBeInstanceOf(Error);
    expect(theme.get()).toBe('dark');
    expect(localStorage.getItem('urs_theme')).toBe('dark');

    // The older fails after the newer was asked for, which then succeeds: cream stays.
    saves.length = 0;
    const light2 = theme.set('light').catch((err: unknown) => err);
    const cream2 = theme.set('cream');
    await settled(0, false);
    expect(await light2).toBeInstanceOf(Error);
    expect(theme.get()).toBe('cream');
    await settled(1, true);
    await cream2;
    expect(saves.map((s) => s.value)).toEqual(['light', 'cream']);
    expect(theme.get()).toBe('cream');
    expect(localStorage.getItem('urs_theme')).toBe('cream');
  });

  it("reverts with 'Gagal menyimpan tema.' when the server sent no message", async () => {
    const theme = createThemeController({
      storage: localStorage,
      saveRemote: () => () => Promise.reject(new NetworkError(null)),
    });
    theme.init({ explicit: 'cream' });
    await expect(theme.set('light')).rejects.toThrow('Gagal menyimpan tema.');
    expect(theme.get()).toBe('cream');
  });
});

describe('language', () => {
  it('starts from explicit, then the user, then storage, then id; unknown is id', () => {
    const language = createLanguageController({ storage: localStorage, saveRemote: signedOut });
    localStorage.setItem('urs_language', 'en');
    expect(language.init({ explicit: 'id', user: 'en' })).toBe('id');
    expect(language.init({ user: 'en' })).toBe('en');
    expect(language.init()).toBe('en');
    localStorage.setItem('urs_language', 'fr');
    expect(language.init()).toBe('id');
  });

  it('switches the interface at once and saves locally', async () => {
    const language = createLanguageController({ storage: localStorage, saveRemote: signedOut });
    const i18n = initI18n();
    language.init();
    await language.set('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.underConstruction')).toBe('This screen is under construction.');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('urs_language')).toBe('en');
    await language.set('id');
    expect(i18n.t('common.underConstruction')).toBe('Layar ini sedang dibangun.');
  });

  it("reverts with 'Gagal menyimpan bahasa, coba lagi.' when saving fails without a message", async () => {
    const language = createLanguageController({
      storage: localStorage,
      saveRemote: () => () => Promise.reject(new ApiError(500, 'x', null)),
    });
    language.init({ explicit: 'id' });
    await expect(language.set('en')).rejects.toThrow('Gagal menyimpan bahasa, coba lagi.');
    expect(language.get()).toBe('id');
    expect(localStorage.getItem('urs_language')).toBe('id');
  });
});
