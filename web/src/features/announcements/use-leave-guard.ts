import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../client/dialog.js';
import { useUnsavedChanges } from '../../pwa/index.js';

/**
 * Leaving the composer inside the app with unsaved input asks first; a save or delete sets the
 * returned flag and leaves freely.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  useUnsavedChanges('announcement-composer', dirty);
  const leaving = useRef(false);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  useBlocker({
    shouldBlockFn: async () => {
      if (leaving.current || !dirtyRef.current) return false;
      const discard = await confirmDialog({
        title: t('announcements.discardTitle'),
        text: t('announcements.discardText'),
        icon: 'warning',
        confirmLabel: t('announcements.discard'),
        cancelLabel: t('announcements.cancel'),
      });
      return !discard;
    },
    enableBeforeUnload: () => dirtyRef.current && !leaving.current,
  });
  return leaving;
}
