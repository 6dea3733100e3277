import { useLiveQuery } from 'dexie-react-hooks';
import type { UserSummary } from '@urs/sync-protocol';
import { db } from '../../../db/index.js';

/**
 * Everyone of the school this device holds (an admin's holds them all), by name: the people a
 * job may be held by, admins included (a report an admin files is their own job). Undefined
 * while read.
 */
export function usePeopleByName(): UserSummary[] | undefined {
  return useLiveQuery(async () =>
    (await db.users.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'id')),
  );
}
