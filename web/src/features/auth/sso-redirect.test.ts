// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseSsoConfig, redirectAfterSso, ssoStartHref } from './sso-redirect.js';

describe('redirectAfterSso', () => {
  it('follows a safe single-slash path from the server', () => {
    expect(redirectAfterSso({ redirect: '/reports?x=1' })).toBe('/reports?x=1');
    expect(redirectAfterSso({ redirect: '/' })).toBe('/');
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
      expect(redirectAfterSso({ redirect })).toBe('/');
    }
    expect(redirectAfterSso(null)).toBe('/');
    expect(redirectAfterSso('nope')).toBe('/');
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
