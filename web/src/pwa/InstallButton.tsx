import { useInstallPrompt } from './install-prompt.js';
import './pwa.css';

export interface InstallButtonLabels {
  install: string;
}

export const INSTALL_BUTTON_LABELS: InstallButtonLabels = { install: 'Pasang aplikasi' };

export interface InstallButtonProps {
  labels?: Partial<InstallButtonLabels>;
  /** Replaces the default classes, to match the surrounding layout. */
  className?: string;
}

/** 'Pasang aplikasi': shown only while the browser offers an install (Chromium, Android). */
export function InstallButton({ labels, className }: InstallButtonProps) {
  const { canInstall, promptInstall } = useInstallPrompt();
  if (!canInstall) return null;
  const text = { ...INSTALL_BUTTON_LABELS, ...labels };
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
