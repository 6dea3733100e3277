import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_DURATION, markToasterMounted } from '../../client/toast.js';
import './toaster-i18n.js';

/**
 * Keeps the toasts above any modal <dialog>: a modal dialog sits in the browser's top layer,
 * over everything else, so a toast raised from a form in a dialog (a request's missing item,
 * say) was drawn under its backdrop, or hidden by it on a phone. The toasts are in a popover,
 * which is in the top layer too, and shown again whenever a dialog opens, to be its top.
 */
function useAboveDialogs(layer: React.RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const element = layer.current;
    if (element === null || typeof element.showPopover !== 'function') return;
    const raise = () => {
      if (element.matches(':popover-open')) element.hidePopover();
      element.showPopover();
    };
    raise();
    const opened = new MutationObserver((records) => {
      if (records.some((r) => r.target instanceof HTMLDialogElement && r.target.open)) raise();
    });
    opened.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => opened.disconnect();
  }, [layer]);
}

/**
 * sonner's Toaster with our defaults and labels; loaded lazily by the app root.
 *
 * The toasts lie over the middle of the top bar, not in a bottom corner: a saved report's
 * status buttons ("Tandai Dibatalkan") and an item's Catat/Ubah/Hapus sit low on a phone, where
 * the thumb is, and at the right of a desktop's table, and a toast there covered the very button
 * needed next (issue 45). The top bar holds the menu, the sync status and the bell, none of
 * which a save leads to (on a wide screen the toast leaves them uncovered); a toast leaves after
 * its time, or at once by its close button or a swipe up.
 */
export function AppToaster({ theme }: { theme: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => markToasterMounted(), []);
  useAboveDialogs(layer);
  return (
    <div ref={layer} popover="manual" className="toast-layer">
      <Toaster
        theme={theme}
        position="top-center"
        offset={{ top: 3 }}
        mobileOffset={{ top: 2, left: 8, right: 8 }}
        closeButton
        duration={DEFAULT_TOAST_DURATION}
        customAriaLabel={t('toasts.region')}
        toastOptions={{ className: 'toast', closeButtonAriaLabel: t('toasts.close') }}
      />
    </div>
  );
}
