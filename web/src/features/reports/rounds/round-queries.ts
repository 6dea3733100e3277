import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import {
  addDays,
  occurrenceId,
  schoolDay,
  type AccountRole,
  type Area,
  type Report,
  type RoundCompletion,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { db, type PhotoRecord, type UrsDatabase } from '../../../db/index.js';
import { namesOf } from '../../../sync/index.js';
import { useMinute } from '../../../lib/use-minute.js';
import {
  countsOf,
  useSchoolUtcOffset,
  useTaskBoard,
  type TaskCounts,
} from '../data/job-queries.js';
import {
  completionsByOccurrence,
  roundBoard,
  roundsToday,
  taskCounts,
  type RoundBoard,
} from './round-board.js';

/*
 * The device's reads of rounds (decision 030): the templates it holds (every one of the
 * school's) and the completions the pull brought or this device made, read live so a
 * completion queued offline shows at once.
 */

/** How far back `/tasks` reads completions: its lookback and a day. */
const RECENT_DAYS = 8;

/** Completions of these templates on or after `since` (a school day). */
export function recentCompletions(
  database: UrsDatabase,
  templateIds: readonly string[],
  since: string,
): Promise<RoundCompletion[]> {
  return database.round_completions
    .where('template_id')
    .anyOf([...templateIds])
    .filter((c) => c.occurrence_date >= since)
    .toArray();
}

/** The user's rounds by `/tasks` section, live and current to the minute. */
export function useRoundBoard(
  user: { id: string; role: AccountRole } | null,
): RoundBoard | undefined {
  const minute = useMinute();
  const offset = useSchoolUtcOffset(minute);
  const since = addDays(schoolDay(minute, offset), -RECENT_DAYS);
  const data = useLiveQuery(async () => {
    const templates = await db.round_templates.toArray();
    const completions = await recentCompletions(
      db,
      templates.map((tpl) => tpl.id),
      since,
    );
    return { templates, completions };
  }, [since]);
  const userId = user?.id ?? null;
  const role = user?.role ?? null;
  return useMemo(() => {
    if (data === undefined || userId === null || role === null) return undefined;
    return roundBoard(data.templates, data.completions, { id: userId, role }, minute, offset);
  }, [data, userId, role, minute, offset]);
}

/** The user's open jobs and rounds in each section, live: the menu's and the dashboard's. */
export function useTaskCounts(
  user: { id: string; role: AccountRole } | null,
): TaskCounts | undefined {
  const jobs = useTaskBoard(user?.id ?? null);
  const rounds = useRoundBoard(user);
  return useMemo(
    () =>
      jobs === undefined || rounds === undefined ? undefined : taskCounts(countsOf(jobs), rounds),
    [jobs, rounds],
  );
}

/** The school's rounds today, done and due: the admin's dashboard figure. */
export function useRoundsToday(enabled: boolean): { done: number; due: number } | undefined {
  const minute = useMinute();
  const offset = useSchoolUtcOffset(minute);
  const today = schoolDay(minute, offset);
  const data = useLiveQuery(async () => {
    if (!enabled) return null;
    const templates = await db.round_templates.toArray();
    const completions = await recentCompletions(
      db,
      templates.map((tpl) => tpl.id),
      addDays(today, -400),
    );
    return { templates, completions };
  }, [enabled, today]);
  return useMemo(
    () =>
      data === undefined || data === null
        ? undefined
        : roundsToday(data.templates, data.completions, minute, offset),
    [data, minute, offset],
  );
}

/** One occurrence as the round screen shows it. */
export interface OccurrenceView {
  template: RoundTemplate | undefined;
  /** Its completions: the closing one first (decision 030). */
  completions: RoundCompletion[];
  /** Names of the people who did or closed them, and of the template's areas. */
  names: Map<string, string>;
  areas: Area[];
  /** Reports this device holds that were raised from its completions. */
  reports: Report[];
}

export async function occurrenceView(
  database: UrsDatabase,
  templateId: string,
  date: string,
): Promise<OccurrenceView> {
  const template = await database.round_templates.get(templateId);
  const found = await database.round_completions
    .where('occurrence_id')
    .equals(occurrenceId(templateId, date))
    .toArray();
  const completions = completionsByOccurrence(found).get(occurrenceId(templateId, date)) ?? [];
  const people = new Set<string>();
  for (const c of completions) {
    people.add(c.completed_by);
    if (c.closed_by_id !== null) people.add(c.closed_by_id);
  }
  const ids = new Set(completions.map((c) => c.id));
  const [names, areas, reports] = await Promise.all([
    namesOf(database, 'users', people),
    template === undefined
      ? Promise.resolve([])
      : database.areas
          .bulkGet(template.area_ids)
          .then((rows) => rows.filter((a): a is Area => a !== undefined)),
    ids.size === 0
      ? Promise.resolve([])
      : database.reports
          .filter((r) => {
            const link = roundLinkOf(r);
            return link !== null && ids.has(link);
          })
          .toArray(),
  ]);
  return { template, completions, names, areas, reports };
}

/** The completion a report was raised from, as its row carries it (decision 030). */
export function roundLinkOf(report: Report): string | null {
  return report.round_completion_id ?? null;
}

export function useOccurrence(templateId: string, date: string): OccurrenceView | undefined {
  return useLiveQuery(() => occurrenceView(db, templateId, date), [templateId, date]);
}

/** The photos of the device by id (the form's picks), for showing them before they are sent. */
export function useDevicePhotos(ids: readonly string[]): Map<string, PhotoRecord> | undefined {
  const key = ids.join(',');
  return useLiveQuery(async () => {
    const rows = await db.photos.bulkGet(key === '' ? [] : key.split(','));
    return new Map(rows.flatMap((row) => (row === undefined ? [] : [[row.id, row] as const])));
  }, [key]);
}

/** Every template the device holds, by title: the admin's list. */
export function useRoundTemplates(): RoundTemplate[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.round_templates.toArray();
    return rows.sort((a, b) => a.title.localeCompare(b.title, 'id'));
  }, []);
}

/** The names of the school's areas on this device, by id (the round cards' areas). */
export function useAreaNames(): Map<string, string> | undefined {
  return useLiveQuery(async () => {
    const areas = await db.areas.toArray();
    return new Map(areas.map((area) => [area.id, area.name]));
  }, []);
}

/** The school's areas and categories on this device, by name: the template editor's choices. */
export function useReferenceChoices():
  { areas: Area[]; categories: { id: string; name: string }[] } | undefined {
  return useLiveQuery(async () => {
    const [areas, categories] = await Promise.all([db.areas.toArray(), db.categories.toArray()]);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'id');
    return { areas: areas.sort(byName), categories: categories.sort(byName) };
  }, []);
}
