// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from './InstallButton.js';
import type { ServiceWorkerController } from './register.js';
import { isTakenOverByNewVersion, isWaitingUpdate, registerServiceWorker } from './register.js';
import { UpdatePrompt } from './UpdatePrompt.js';
import { hasUnsavedChanges, registerUnsavedChanges } from './unsaved-changes.js';

afterEach(cleanup);

function fakeController(available: boolean) {
  const listeners = new Set<() => void>();
  let isAvailable = available;
  const applyUpdate = vi.fn(() => Promise.resolve());
  const controller: ServiceWorkerController = {
    updateAvailable: () => isAvailable,
    onUpdateAvailable: (callback) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    applyUpdate,
  };
  const announce = () => {
    isAvailable = true;
    for (const listener of listeners) listener();
  };
  return { controller, applyUpdate, announce };
}

describe('unsaved changes', () => {
  it('is dirty while any registered form is dirty, and forgets a form that unregisters', () => {
    let dirty = false;
    const stop = registerUnsavedChanges('report-create', () => dirty);
    expect(hasUnsavedChanges()).toBe(false);
    dirty = true;
    expect(hasUnsavedChanges()).toBe(true);
    stop();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('keeps a re-registered form when the old registration is removed', () => {
    const stopOld = registerUnsavedChanges('profile', () => false);
    const stopNew = registerUnsavedChanges('profile', () => true);
    stopOld();
    expect(hasUnsavedChanges()).toBe(true);
    stopNew();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('counts a throwing check as dirty', () => {
    const stop = registerUnsavedChanges('broken', () => {
      throw new Error('boom');
    });
    expect(hasUnsavedChanges()).toBe(true);
    stop();
  });
});

describe('registerServiceWorker', () => {
  it('is inert outside production builds and returns the same controller every time', async () => {
    const controller = registerServiceWorker();
    expect(registerServiceWorker()).toBe(controller);
    expect(controller.updateAvailable()).toBe(false);
    await expect(controller.applyUpdate()).resolves.toBeUndefined();
  });
});

describe('what counts as a new version', () => {
  const oldWorker = { name: 'v1' };
  const newWorker = { name: 'v2' };

  it('is a worker waiting behind the one controlling the page', () => {
    expect(isWaitingUpdate({ waiting: newWorker }, oldWorker)).toBe(true);
  });
  it('is not a first install: nothing controls the page, or nothing waits', () => {
    expect(isWaitingUpdate({ waiting: newWorker }, null)).toBe(false);
    expect(isWaitingUpdate({ waiting: null }, oldWorker)).toBe(false);
    expect(isWaitingUpdate(undefined, oldWorker)).toBe(false);
  });
  it('is a takeover only of a page that started under an older worker', () => {
    expect(isTakenOverByNewVersion(oldWorker, newWorker)).toBe(true);
    // The first worker claiming a page loaded before it (mid-install reload) is no update.
    expect(isTakenOverByNewVersion(null, newWorker)).toBe(false);
    expect(isTakenOverByNewVersion(oldWorker, oldWorker)).toBe(false);
  });
});

describe('UpdatePrompt', () => {
  it('stays hidden until a new version waits, then reloads on request', async () => {
    const { controller, applyUpdate, announce } = fakeController(false);
    render(<UpdatePrompt controller={controller} />);
    expect(screen.queryByText('Versi baru tersedia.')).toBeNull();
    act(announce);
    expect(screen.getByText('Versi baru tersedia.')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('hides on "Nanti" and shows again for the next version', async () => {
    const { controller, applyUpdate, announce } = fakeController(true);
    render(<UpdatePrompt controller={controller} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nanti' }));
    expect(screen.queryByText('Versi baru tersedia.')).toBeNull();
    act(announce);
    expect(screen.getByText('Versi baru tersedia.')).toBeDefined();
    expect(applyUpdate).not.toHaveBeenCalled();
  });

  it('asks before reloading over unsaved input, and does nothing when cancelled', async () => {
    const { controller, applyUpdate } = fakeController(true);
    const stop = registerUnsavedChanges('report-create', () => true);
    render(<UpdatePrompt controller={controller} />);
    await userEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Ada isian yang belum disimpan. Muat ulang sekarang dan buang isian?',
    );
    expect(applyUpdate).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Batal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(applyUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buang isian dan muat ulang' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('takes labels from the shell', () => {
    const { controller } = fakeController(true);
    render(
      <UpdatePrompt controller={controller} labels={{ message: 'A new version is ready.' }} />,
    );
    expect(screen.getByText('A new version is ready.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeDefined();
  });

  it('speaks English when the shell asks for it, the unsaved-input question included', async () => {
    const { controller, applyUpdate } = fakeController(true);
    const stop = registerUnsavedChanges('report-create', () => true);
    render(<UpdatePrompt controller={controller} language="en" />);
    expect(screen.getByText('A new version is available.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Later' })).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'You have unsaved input. Reloading discards it.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Discard and reload' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('InstallButton', () => {
  it('appears when the browser offers an install, prompts once, and hides after install', async () => {
    render(<InstallButton labels={{ install: 'Install app' }} />);
    expect(screen.queryByRole('button')).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // The event is spent: the button goes until the browser offers again.
    expect(screen.queryByRole('button')).toBeNull();

    act(() => {
      window.dispatchEvent(offer);
    });
    expect(screen.getByRole('button', { name: 'Install app' })).toBeDefined();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
