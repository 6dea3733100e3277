import type { RoundPlan, RoundTemplateDefinition } from '@urs/sync-protocol';
import type * as t from '../db/schema.js';

/*
 * The rows of rounds (decision 030) as the contract's rules read them: which saved version is
 * in effect on a day, and the plan (schedule, dates, pauses, archiving) a day is judged by.
 * Shared by the push (is this a real occurrence?) and the compliance service.
 */

export type RoundTemplateRow = typeof t.roundTemplates.$inferSelect;
export type RoundVersionRow = Pick<
  typeof t.roundTemplateVersions.$inferSelect,
  'version' | 'definition' | 'effectiveFrom'
>;

/**
 * The version in effect on `date`: the latest saved on or before it; before the first save,
 * the first version (a template made today may start in the past). `versions` oldest first.
 */
export function versionInEffect<V extends RoundVersionRow>(
  versions: readonly V[],
  date: string,
): V {
  let found = versions[0];
  if (found === undefined) throw new Error('a round template without versions');
  for (const v of versions) {
    if (v.effectiveFrom <= date) found = v;
    else break;
  }
  return found;
}

/** The plan of one version of a template: its schedule and dates, the template's pauses and archiving. */
export function planOf(
  definition: Pick<RoundTemplateDefinition, 'schedule' | 'start_date' | 'end_date'>,
  template: Pick<RoundTemplateRow, 'pauses' | 'archivedOn'>,
): RoundPlan {
  return {
    schedule: definition.schedule,
    start_date: definition.start_date,
    end_date: definition.end_date,
    pauses: template.pauses,
    archived_on: template.archivedOn,
  };
}
