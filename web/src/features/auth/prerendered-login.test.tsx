// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderAhead } from '../../../build/login-markup.js';
import { LoginForm } from './login-form.js';
import { PRERENDERED_ID } from './prerendered-id.js';
import { useAdoptPrerendered } from './prerendered-login.js';

/** The document as login/index.html gives it: the form rendered ahead, then the app's root. */
function openPrerenderedPage(): HTMLElement {
  document.body.innerHTML = `<div id="${PRERENDERED_ID}">${renderAhead()}</div><div id="root"></div>`;
  const root = document.getElementById('root');
  if (root === null) throw new Error('no root');
  return root;
}

const ahead = () => document.getElementById(PRERENDERED_ID);
const aheadInput = (name: string) => {
  const input = ahead()?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (input === null || input === undefined) throw new Error(`no ${name} field rendered ahead`);
  return input;
};

/** The login screen's own use of the form, without the router and the session. */
function LiveLogin({ onSend }: { onSend: (sent: { email: string; password: string }) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAdoptPrerendered(setEmail, setPassword);
  return (
    <LoginForm
      formRef={form}
      localOnly={false}
      sso={null}
      email={email}
      password={password}
      sending={false}
      failure={{ fields: {}, message: null }}
      onEmail={setEmail}
      onPassword={setPassword}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSend({ email, password });
      }}
      onSso={() => undefined}
      registerLink={<a href="/register">Daftar di sini</a>}
    />
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the login form rendered ahead at build time', () => {
  it('is the Indonesian form, whose button cannot post it to the server before the scripts run', () => {
    openPrerenderedPage();
    expect(ahead()?.querySelector('h1')?.textContent).toBe('Masuk');
    const form = ahead()?.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelectorAll('button[type="submit"], input[type="submit"]')).toHaveLength(0);
    expect(form?.querySelector('button')?.textContent).toBe('Masuk');
  });

  it('gives way to the live form, which keeps what was typed and where the cursor was', () => {
    const root = openPrerenderedPage();
    aheadInput('email').value = 'siti@urs.sch.id';
    aheadInput('password').value = 'rahasia1';
    aheadInput('password').focus();
    const onSend = vi.fn();
    render(<LiveLogin onSend={onSend} />, { container: root });
    expect(ahead()).toBeNull();
    const email = root.querySelector<HTMLInputElement>('input[name="email"]');
    const password = root.querySelector<HTMLInputElement>('input[name="password"]');
    expect(email?.value).toBe('siti@urs.sch.id');
    expect(password?.value).toBe('rahasia1');
    expect(document.activeElement).toBe(password);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends once, with the typed values, when its button was pressed before the scripts ran', async () => {
    const root = openPrerenderedPage();
    aheadInput('email').value = 'siti@urs.sch.id';
    aheadInput('password').value = 'rahasia1';
    ahead()?.querySelector('button')?.focus();
    const onSend = vi.fn();
    await act(async () => {
      render(<LiveLogin onSend={onSend} />, { container: root });
      await Promise.resolve();
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ email: 'siti@urs.sch.id', password: 'rahasia1' });
  });

  it('does not send a half-filled form whose button had the focus', async () => {
    const root = openPrerenderedPage();
    aheadInput('email').value = 'siti@urs.sch.id';
    ahead()?.querySelector('button')?.focus();
    const onSend = vi.fn();
    await act(async () => {
      render(<LiveLogin onSend={onSend} />, { container: root });
      await Promise.resolve();
    });
    expect(onSend).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe(
      'siti@urs.sch.id',
    );
  });

  it('leaves a page without one (index.html, every other route) as it is', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root') as HTMLElement;
    render(<LiveLogin onSend={vi.fn()} />, { container: root });
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('');
  });
});
