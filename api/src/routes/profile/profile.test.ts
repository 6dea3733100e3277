import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { oneFieldError } from '../../test/field-error.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];
const WEBP_MAGIC = [...'RIFF']
  .map((ch) => ch.charCodeAt(0))
  .concat(
    [0, 0, 0, 0],
    [...'WEBP'].map((ch) => ch.charCodeAt(0)),
  );

function image(magic: number[], size = 2048, type = 'image/png', name = 'foto.png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(magic);
  return new File([bytes], name, { type });
}

function profileForm(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

type UserBody = {
  user: { name: string; email: string; phone: string | null; photo_url: string | null };
};

describe('POST /api/profile', () => {
  it('changes only the fields sent', async () => {
    const { token, user } = await t.signIn('technician');
    const res = await t.request('/api/profile', {
      method: 'POST',
      token,
      body: profileForm({ phone: '0812 3456' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserBody;
    expect(body.user).toMatchObject({ name: user.name, email: user.email, phone: '0812 3456' });
  });

  it('stores a JPG, PNG or WEBP avatar by content and serves it back with its type', async () => {
    const { token } = await t.signIn('gardener');
    for (const [magic, type] of [
      [JPEG_MAGIC, 'image/jpeg'],
      [PNG_MAGIC, 'image/png'],
      [WEBP_MAGIC, 'image/webp'],
    ] as const) {
      const res = await t.request('/api/profile', {
        method: 'POST',
        token,
        body: profileForm({ photo: image([...magic], 4096, 'application/octet-stream', 'x.bin') }),
      });
      expect(res.status).toBe(200);
      const url = ((await res.json()) as UserBody).user.photo_url;
      expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{64}$/);
      const served = await t.request(url ?? '');
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect((await served.arrayBuffer()).byteLength).toBe(4096);
    }
  });

  it('refuses a file whose bytes are not an image, whatever its name and declared type', async () => {
    const { token } = await t.signIn('custodian');
    const fake = new File([new TextEncoder().encode('<svg onload="alert(1)"></svg>')], 'foto.png', {
      type: 'image/png',
    });
    const res = await t.request('/api/profile', {
      method: 'POST',
      token,
      body: profileForm({ photo: fake, name: 'Tetap' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      oneFieldError(
        'photo',
        'image_type_unsupported',
        'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
      ),
    );
    // Nothing of the refused request was applied.
    const me = (await (await t.request('/api/user', { token })).json()) as UserBody;
    expect(me.user.name).not.toBe('Tetap');
  });

  it('refuses an avatar over 10 MB with the spec message, and a body far over the limit with 413', async () => {
    const { token } = await t.signIn('custodian');
    const over = await t.request('/api/profile', {
      method: 'POST',
      token,
      body: profileForm({ photo: image(JPEG_MAGIC, 10 * 1024 * 1024 + 1) }),
    });
    expect(over.status).toBe(422);
    expect(((await over.json()) as { errors: Record<string, string[]> }).errors['photo']).toEqual([
      'Ukuran gambar maksimal 10 MB.',
    ]);
    const huge = await t.request('/api/profile', {
      method: 'POST',
      token,
      body: profileForm({ photo: image(JPEG_MAGIC, 12 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      message: 'Data yang dikirim terlalu besar.',
      code: 'too_large',
    });
  });

  it('validates text fields and a taken email per field', async () => {
    const other = await t.signIn('custodian', 'dipakai@sekolah.test');
    expect(other.user.email).toBe('dipakai@sekolah.test');
    const { token } = await t.signIn('custodian');
    const res = await t.request('/api/profile', {
      method: 'POST',
      token,
      body: profileForm({ email: 'dipakai@sekolah.test', name: '  ' }),
    });
    expect(res.status).toBe(422);
    const errors = ((await res.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors['name']).toEqual(['Nama wajib diisi.']);
    expect(
      (
        await t.request('/api/profile', {
          method: 'POST',
          token,
          body: profileForm({ email: 'dipakai@sekolah.test' }),
        })
      ).status,
    ).toBe(422);
  });

  it('refuses JSON with 415: the profile is multipart', async () => {
    const { token } = await t.signIn('custodian');
    const res = await t.request('/api/profile', { method: 'POST', token, json: { name: 'x' } });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/profile/password', () => {
  it('changes the password after checking the current one, and signs out other sessions', async () => {
    const { token, user } = await t.signIn('custodian');
    const otherLogin = await t.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: TEST_PASSWORD },
    });
    const otherToken = ((await otherLogin.json()) as { access_token: string }).access_token;

    const wrong = await t.request('/api/profile/password', {
      method: 'POST',
      token,
      json: {
        current_password: 'bukan-ini',
        password: 'password-baru',
        password_confirmation: 'password-baru',
      },
    });
    expect(wrong.status).toBe(422);
    expect(
      ((await wrong.json()) as { errors: Record<string, string[]> }).errors['current_password'],
    ).toEqual(['Password saat ini salah.']);

    const short = await t.request('/api/profile/password', {
      method: 'POST',
      token,
      json: { current_password: TEST_PASSWORD, password: 'pendek', password_confirmation: 'beda' },
    });
    expect(short.status).toBe(422);

    const ok = await t.request('/api/profile/password', {
      method: 'POST',
      token,
      json: {
        current_password: TEST_PASSWORD,
        password: 'password-baru',
        password_confirmation: 'password-baru',
      },
    });
    expect(ok.status).toBe(200);
    expect((await t.request('/api/user', { token })).status).toBe(200);
    expect((await t.request('/api/user', { token: otherToken })).status).toBe(401);
    const relogin = await t.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'password-baru' },
    });
    expect(relogin.status).toBe(200);
  });
});

describe('POST /api/profile/preferences', () => {
  it('saves a theme and a language and answers the user', async () => {
    const { token } = await t.signIn('admin');
    const res = await t.request('/api/profile/preferences', {
      method: 'POST',
      token,
      json: { preferred_theme: 'cream' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { preferred_theme: string } }).user.preferred_theme).toBe(
      'cream',
    );
    const lang = await t.request('/api/profile/preferences', {
      method: 'POST',
      token,
      json: { preferred_language: 'en' },
    });
    const body = (await lang.json()) as {
      user: { preferred_theme: string; preferred_language: string };
    };
    expect(body.user).toMatchObject({ preferred_theme: 'cream', preferred_language: 'en' });
  });

  it('answers 422 for any other value, an unknown field or an empty body', async () => {
    const { token } = await t.signIn('admin');
    const cases: [unknown, string][] = [
      [{ preferred_theme: 'blue' }, 'preferred_theme'],
      [{ preferred_language: 'fr' }, 'preferred_language'],
      [{ preferred_theme: 'dark', role: 'admin' }, '_'],
      [{}, '_'],
    ];
    for (const [json, field] of cases) {
      const res = await t.request('/api/profile/preferences', { method: 'POST', token, json });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toContain(field);
    }
    const me = (await (await t.request('/api/user', { token })).json()) as {
      user: { preferred_theme: string };
    };
    expect(me.user.preferred_theme).toBe('dark');
  });
});
