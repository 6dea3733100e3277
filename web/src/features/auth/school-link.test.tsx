// @vitest-environment jsdom
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));
const session = vi.hoisted(() => ({ register: vi.fn(), login: vi.fn(), setSession: vi.fn() }));
vi.mock('../../client/use-session.js', () => ({ useAppSession: () => ({ session }) }));
const afterLogin = vi.hoisted(() => vi.fn());
vi.mock('./use-after-login.js', () => ({ useAfterLogin: () => afterLogin }));
const leaveForSso = vi.hoisted(() => vi.fn());
vi.mock('./sso-redirect.js', async (original) => ({
  ...(await original<typeof SsoRedirect>()),
  leaveForSso,
}));

import { ApiError } from '../../client/api-client.js';
import { parseSearch, stringifySearch } from '../../lib/search-params.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { loginSearchSchema, registerSearchSchema } from './login-search.js';
import { LoginScreen } from './login-screen.js';
import { RegisterScreen } from './register-screen.js';
import { SsoCallbackScreen } from './sso-callback-screen.js';
import { SSO_CALLBACK_PATH } from './sso-redirect.js';
import type * as SsoRedirect from './sso-redirect.js';

/*
 * Issue 39 item 5 on the device: the school's registration link carries its code into the
 * registration request and the SSO start, and a school the server cannot tell is explained in
 * Indonesian without losing what was typed. A single school shows no school anywhere.
 */

useIndonesianComponents(json, session.register, session.login, afterLogin, leaveForSso);

beforeAll(() => {
  // The router restores scroll on navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

/** The three auth routes as the app declares them (same search schemas), in memory. */
function openAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/register',
        validateSearch: registerSearchSchema,
        component: RegisterScreen,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/login',
        validateSearch: loginSearchSchema,
        component: () => <LoginScreen />,
      }),
      createRoute({
        getParentRoute: () => root,
        path: SSO_CALLBACK_PATH,
        component: SsoCallbackScreen,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch,
    stringifySearch,
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** SSO on or off, as `GET /api/auth/sso` answers. */
function ssoEnabled(enabled: boolean) {
  json.mockImplementation((method: string, path: string) =>
    method === 'GET' && path === 'api/auth/sso'
      ? Promise.resolve({ enabled, provider: 'Microsoft' })
      : Promise.reject(new Error(`unexpected ${method} ${path}`)),
  );
}

/** A refusal as the API sends it (routes/auth: 422 with the field's reason). */
function schoolRefusal(code: 'school_required' | 'school_unknown'): ApiError {
  return new ApiError(422, 'Data tidak valid.', {
    message: 'Data tidak valid.',
    code,
    errors: { school_code: ['(teks server)'] },
    field_reasons: { school_code: [{ code }] },
  });
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

async function fillAccount() {
  await screen.findByRole('heading', { name: 'Daftar Akun' });
  type('Nama lengkap', 'Sri Wahyuni');
  type('Email', 'sri@smp2.sch.id');
  type('Password', 'kebersihan1');
  type('Konfirmasi password', 'kebersihan1');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));

describe('the registration link', () => {
  it('sends the code of /register?school=<code> with the registration, and shows no school', async () => {
    ssoEnabled(false);
    session.register.mockResolvedValue({});
    openAt('/register?school=KODE-B');
    await fillAccount();
    expect(document.body.textContent).not.toMatch(/sekolah/i);
    submit();
    await waitFor(() => expect(afterLogin).toHaveBeenCalledWith('/'));
    expect(session.register).toHaveBeenCalledWith({
      name: 'Sri Wahyuni',
      email: 'sri@smp2.sch.id',
      phone: null,
      password: 'kebersihan1',
      password_confirmation: 'kebersihan1',
      school_code: 'KODE-B',
    });
  });

  it('on a single school sends no code and never mentions a school', async () => {
    ssoEnabled(false);
    session.register.mockResolvedValue({});
    openAt('/register');
    await fillAccount();
    submit();
    await waitFor(() => expect(afterLogin).toHaveBeenCalled());
    expect(session.register.mock.calls[0]?.[0]).not.toHaveProperty('school_code');
    expect(document.body.textContent).not.toMatch(/sekolah/i);
  });

  it('sends no code for a blank ?school=', async () => {
    ssoEnabled(false);
    session.register.mockResolvedValue({});
    openAt('/register?school=%20%20');
    await fillAccount();
    submit();
    await waitFor(() => expect(afterLogin).toHaveBeenCalled());
    expect(session.register.mock.calls[0]?.[0]).not.toHaveProperty('school_code');
    expect(screen.getByRole('link', { name: 'Masuk di sini' }).getAttribute('href')).toBe('/login');
  });

  it('asks for the school when the server needs one, keeping everything typed', async () => {
    ssoEnabled(false);
    session.register.mockRejectedValueOnce(schoolRefusal('school_required'));
    openAt('/register');
    await fillAccount();
    submit();

    const alert = await screen.findByText(/dipakai oleh beberapa sekolah/);
    expect(alert.getAttribute('role')).toBe('alert');
    const code = field('Kode pendaftaran sekolah');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Gunakan tautan pendaftaran dari sekolah Anda.')).toBeDefined();
    expect(field('Nama lengkap').value).toBe('Sri Wahyuni');
    expect(field('Email').value).toBe('sri@smp2.sch.id');
    expect(field('Konfirmasi password').value).toBe('kebersihan1');

    session.register.mockResolvedValueOnce({});
    const user = userEvent.setup();
    await user.type(code, '  KODE-B ');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    await waitFor(() => expect(afterLogin).toHaveBeenCalledWith('/'));
    expect(session.register).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: 'sri@smp2.sch.id', school_code: 'KODE-B' }),
    );
  });

  it("shows a stale link's code as unknown and keeps it through the next refusal", async () => {
    ssoEnabled(false);
    session.register.mockRejectedValueOnce(schoolRefusal('school_unknown'));
    openAt('/register?school=KODE-LAMA');
    await fillAccount();
    submit();

    expect(await screen.findByText('Kode pendaftaran sekolah tidak dikenal.')).toBeDefined();
    expect(field('Kode pendaftaran sekolah').value).toBe('KODE-LAMA');

    session.register.mockRejectedValueOnce(
      new ApiError(422, 'Data tidak valid.', {
        message: 'Data tidak valid.',
        errors: { email: ['Email sudah terdaftar.'] },
        field_reasons: { email: [{ code: 'email_taken' }] },
      }),
    );
    // Typed as a person types, key by key, after the refusal has been drawn.
    const user = userEvent.setup();
    await user.clear(field('Kode pendaftaran sekolah'));
    await user.type(field('Kode pendaftaran sekolah'), 'KODE-BARU');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Email sudah terdaftar.')).toBeDefined();
    expect(session.register).toHaveBeenLastCalledWith(
      expect.objectContaining({ school_code: 'KODE-BARU' }),
    );
    // The school is no longer what is wrong, but its field and code stay for the next send.
    expect(screen.queryByText(/dipakai oleh beberapa sekolah/)).toBeNull();
    expect(field('Kode pendaftaran sekolah').value).toBe('KODE-BARU');
    expect(field('Nama lengkap').value).toBe('Sri Wahyuni');
  });

  it('carries the code to single sign-on and to the login page', async () => {
    ssoEnabled(true);
    openAt('/register?school=KODE-B');
    fireEvent.click(await screen.findByRole('button', { name: 'Daftar dengan Microsoft' }));
    expect(leaveForSso).toHaveBeenCalledWith(undefined, 'KODE-B');
    expect(screen.getByRole('link', { name: 'Masuk di sini' }).getAttribute('href')).toBe(
      '/login?school=KODE-B',
    );
  });
});

describe('the login page opened from a registration link', () => {
  it('starts single sign-on with the code and links back to registration with it', async () => {
    ssoEnabled(true);
    openAt('/login?school=KODE-B&redirect=%2Finventory');
    fireEvent.click(await screen.findByRole('button', { name: 'Masuk dengan Microsoft' }));
    expect(leaveForSso).toHaveBeenCalledWith('/inventory', 'KODE-B');
    expect(screen.getByRole('link', { name: 'Daftar di sini' }).getAttribute('href')).toBe(
      '/register?school=KODE-B',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains an unknown link code the SSO start sent back', async () => {
    ssoEnabled(true);
    openAt('/login?sso_error=school_unknown');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Kode pendaftaran sekolah tidak dikenal. Tautan pendaftaran ini mungkin sudah diganti. Minta tautan terbaru kepada admin sekolah Anda.',
    );
  });

  it('ignores an sso_error it does not know', async () => {
    ssoEnabled(false);
    openAt('/login?sso_error=apa_saja');
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a single sign-on the server cannot place in a school', () => {
  it('comes back to the login page, which says why and what to do', async () => {
    json.mockImplementation((method: string, path: string) => {
      if (path === 'api/auth/sso') return Promise.resolve({ enabled: true, provider: 'Microsoft' });
      return Promise.reject(
        new ApiError(403, 'x', {
          message:
            'Sekolah untuk akun ini tidak dapat ditentukan. Hubungi administrator sekolah Anda.',
          code: 'sso_school_unknown',
        }),
      );
    });
    const router = openAt(`${SSO_CALLBACK_PATH}?code=abc&state=def`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Sekolah untuk akun ini tidak dapat ditentukan. Hubungi administrator sekolah Anda. Jika admin sekolah memberi Anda tautan pendaftaran, buka tautan itu lalu masuk dari sana.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ sso_error: 'sso_school_unknown' });
    // The way on is right there.
    expect(await screen.findByRole('button', { name: 'Masuk dengan Microsoft' })).toBeDefined();
  });
});
