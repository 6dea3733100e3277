import { db } from '../../db/index.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { MutationValidationError, StorageFullError, enqueueAll } from '../../sync/index.js';
import { validatePlan, type PlannedMutation } from './report-form-state.js';

/**
 * Checks every planned mutation first (so a bad field gives form errors), then queues the whole
 * plan — the report and each photo — in ONE Dexie transaction with its optimistic rows: a crash
 * or a full disk can never leave the report saved without the photos the user attached.
 * Returns field errors for the form, or null once everything is queued.
 */
export async function runPlan(
  userId: string,
  plan: readonly PlannedMutation[],
): Promise<Record<string, string[]> | null> {
  const errors = validatePlan(plan);
  if (Object.keys(errors).length > 0) return errors;
  try {
    await enqueueAll(db, userId, plan);
    return null;
  } catch (err) {
    if (err instanceof MutationValidationError) {
      return Object.keys(err.errors).length > 0 ? err.errors : { _: [err.message] };
    }
    if (err instanceof StorageFullError) {
      toast.error(t('reports.saveFailed'), err.message);
      return { _: [err.message] };
    }
    const message = err instanceof Error ? err.message : String(err);
    toast.error(t('reports.saveFailed'), message);
    return { _: [message] };
  }
}
