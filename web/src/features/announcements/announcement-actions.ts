import { newId } from '@urs/sync-protocol';
import { db } from '../../db/index.js';
import { useMemo } from 'react';
import type { AnnouncementPoller } from '../../client/announcement-poller.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../client/toast.js';
import { useAppSession } from '../../client/use-session.js';
import {
  MutationValidationError,
  StorageFullError,
  enqueueAll,
  useSyncEngine,
  type SyncEngine,
} from '../../sync/index.js';
import { planMarkRead, validatePlanned, type PlannedMutation } from './announcements-logic.js';

/** What a saved change needs to reach the server and the sidebar's badge at once. */
interface BadgeSync {
  engine: Pick<SyncEngine, 'syncOnce'>;
  poller: Pick<AnnouncementPoller, 'refresh'>;
}

let waitingForOnline = false;

/** Pushes queued changes now (when online) and then refetches the sidebar's unread count. */
async function syncAndRefreshBadge(deps: BadgeSync): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    // Queued offline: once the device is back, push and refetch so the badge catches up.
    if (!waitingForOnline && typeof window !== 'undefined') {
      waitingForOnline = true;
      window.addEventListener(
        'online',
        () => {
          waitingForOnline = false;
          void syncAndRefreshBadge(deps);
        },
        { once: true },
      );
    }
    return;
  }
  try {
    await deps.engine.syncOnce({ force: true });
  } catch (err) {
    console.error(err);
  }
  await deps.poller.refresh({ force: true });
}

/** Checks, then queues the steps in one transaction. Field errors for the form, or null. */
async function runPlan(
  deps: BadgeSync,
  userId: string,
  plan: readonly PlannedMutation[],
): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  for (const step of plan) Object.assign(errors, validatePlanned(step));
  if (Object.keys(errors).length > 0) return errors;
  try {
    await enqueueAll(db, userId, plan);
    void syncAndRefreshBadge(deps);
    return null;
  } catch (err) {
    if (err instanceof MutationValidationError) {
      return Object.keys(err.errors).length > 0 ? err.errors : { _: [err.message] };
    }
    const message =
      err instanceof StorageFullError || err instanceof Error ? err.message : String(err);
    toast.error(t('announcements.saveFailed'), message);
    return { _: [message] };
  }
}

/** Ids already queued as read in this page's life, so a re-render never marks twice. */
const queuedReads = new Set<string>();

/** Marks the given unread announcements read for the user, all in one enqueueAll. */
async function markRead(
  deps: BadgeSync,
  userId: string,
  announcementIds: readonly string[],
): Promise<void> {
  const fresh = announcementIds.filter((id) => !queuedReads.has(`${userId}:${id}`));
  if (fresh.length === 0) return;
  for (const id of fresh) queuedReads.add(`${userId}:${id}`);
  const errors = await runPlan(
    deps,
    userId,
    planMarkRead({ announcementIds: fresh, userId, newId, now: new Date() }),
  );
  if (errors !== null) {
    for (const id of fresh) queuedReads.delete(`${userId}:${id}`);
    toast.error(t('announcements.markFailed'), Object.values(errors)[0]?.[0]);
  }
}

/** `runPlan` and `markRead` bound to the device's sync engine and the unread poller. */
export function useAnnouncementActions() {
  const engine = useSyncEngine();
  const { announcementPoller } = useAppSession();
  return useMemo(() => {
    const deps: BadgeSync = { engine, poller: announcementPoller };
    return {
      runPlan: (userId: string, plan: readonly PlannedMutation[]) => runPlan(deps, userId, plan),
      markRead: (userId: string, ids: readonly string[]) => markRead(deps, userId, ids),
    };
  }, [engine, announcementPoller]);
}
