import type { RoundCompletion } from '@urs/sync-protocol';
import { formatDateTime } from '../../../lib/format.js';

/** "Already done by Budi at 07:12" for a completion the server kept behind another. */
export function closedByText(
  completion: RoundCompletion,
  names: ReadonlyMap<string, string>,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string | null {
  if (completion.closing || completion.closed_at === null) return null;
  const name =
    completion.closed_by_id === null
      ? t('rounds.someone')
      : (names.get(completion.closed_by_id) ?? t('rounds.someone'));
  return t('rounds.alreadyDone', { name, time: formatDateTime(completion.closed_at, language) });
}
