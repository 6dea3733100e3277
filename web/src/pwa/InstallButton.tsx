import type { Language } from '@urs/sync-protocol';
import { splitTextPairs } from '../lib/text-pairs.js';
import { useInstallPrompt } from './install-prompt.js';
import './pwa.css';

const INSTALL_BUTTON_TEXTS = splitTextPairs({ install: ['Pasang aplikasi', 'Install app'] });
export type InstallButtonLabels = (typeof INSTALL_BUTTON_TEXTS)[Language];

export interface InstallButtonProps {
  /** Indonesian unless told. */
  language?: Language;
  labels?: Partial<InstallButtonLabels>;
  /** Replaces the default classes, to match the surrounding layout. */
  className?: string;
}

/** 'Pasang aplikasi': shown only while the browser offers an install (Chromium, Android). */
export function InstallButton({ language = 'id', labels, className }: InstallButtonProps) {
  const { canInstall, promptInstall } = useInstallPrompt();
  if (!canInstall) return null;
  const text = { ...INSTALL_BUTTON_TEXTS[language], ...labels };
  return (
    <button
      type="button"
      className={className ?? 'pwa-button pwa-button--primary pwa-install-button'}
      onClick={() => {
        promptInstall().catch((err: unknown) => console.error('Pemasangan gagal', err));
      }}
    >
      {text.install}
    </button>
  );
}
