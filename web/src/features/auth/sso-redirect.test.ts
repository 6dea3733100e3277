// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage.js';
import { parseSsoConfig, redirectAfterSso, ssoStartHref } from './sso-redirect.js';

const KEY = 'urs_post_login_redirect';

describe('redirectAfterSso', () => {
  it('restores the path kept in session storage before leaving, once', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '/inventory?tab=requests');
    expect(redirectAfterSso({ redirect: '/settings' }, storage)).toBe('/inventory?tab=requests');
    expect(storage.getItem(KEY)).toBeNull();
    expect(redirectAfterSso({ redirect: '/settings' }, storage)).toBe('/settings');
  });

  it('removes an unsafe kept value without following it', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '//evil.example/x');
    expect(redirectAfterSso({ redirect: '/settings' }, storage)).toBe('/settings');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('follows a safe single-slash path from the server', () => {
    expect(redirectAfterSso({ redirect: '/reports?x=1' }, new MemoryStorage())).toBe(
      '/reports?x=1',
    );
    expect(redirectAfterSso({ redirect: '/' }, new MemoryStorage())).toBe('/');
  });

  it('goes home for anything else', () => {
    for (const redirect of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'reports',
      '',
      null,
      undefined,
      42,
    ]) {
      expect(redirectAfterSso({ redirect }, new MemoryStorage())).toBe('/');
    }
    expect(redirectAfterSso(null, new MemoryStorage())).toBe('/');
    expect(redirectAfterSso('nope', new MemoryStorage())).toBe('/');
  });
});

describe('ssoStartHref', () => {
  it('carries a safe redirect, encoded', () => {
    expect(ssoStartHref('/reports?x=1')).toBe(
      '/api/auth/microsoft/start?redirect=%2Freports%3Fx%3D1',
    );
  });

  it('drops an unsafe or missing redirect', () => {
    expect(ssoStartHref('//evil.example')).toBe('/api/auth/microsoft/start');
    expect(ssoStartHref(undefined)).toBe('/api/auth/microsoft/start');
  });

  it("carries a registration link's school code, trimmed, with or without a redirect", () => {
    expect(ssoStartHref(undefined, ' KODE-b_1 ')).toBe('/api/auth/microsoft/start?school=KODE-b_1');
    expect(ssoStartHref('/inventory', 'a&b=c')).toBe(
      '/api/auth/microsoft/start?redirect=%2Finventory&school=a%26b%3Dc',
    );
    expect(ssoStartHref('//evil.example', '  ')).toBe('/api/auth/microsoft/start');
  });
});

describe('parseSsoConfig', () => {
  it('reads the answer and stays disabled on anything unexpected', () => {
    expect(parseSsoConfig({ enabled: true, provider: 'Microsoft' })).toEqual({
      enabled: true,
      provider: 'Microsoft',
    });
    expect(parseSsoConfig({ enabled: 'yes' }).enabled).toBe(false);
    expect(parseSsoConfig(null).enabled).toBe(false);
  });
});
