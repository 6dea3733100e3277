import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  newId,
  PROTOCOL_VERSION,
  schoolDay,
  type PullResponse,
  type PushResponse,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { hashPassword } from '../lib/passwords.js';
import { testEngine } from '../test/databases.js';
import { TEST_PASSWORD } from '../test/harness.js';
import { appOnUpgraded, type OldSchemaExec, upgradedFrom } from '../test/old-schema.js';
import { FIRST_SCHOOL_ID } from './schools.js';

/*
 * The upgrade that adds rounds (migrations/0018_rounds.sql, migrations-pg/0013_rounds.sql): a
 * school's data written before it is kept as it was (reports unlinked), and the new tables work
 * at once: the admin saves a template, a custodian completes today's occurrence and raises a
 * linked report from it, and both devices pull what they should. On each engine.
 */

const COUNTER = 20;
const WIB = 7 * 60;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

interface Before {
  admin: string;
  custodian: string;
  area: string;
  report: string;
}

async function fillOldSchema(exec: OldSchemaExec): Promise<Before> {
  const hash = await hashPassword(TEST_PASSWORD, 10);
  const at = '2026-11-01T00:00:00.000Z';
  const user = `INSERT INTO users (id, school_id, name, email, role, password_hash, created_at, updated_at, change_seq)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const [admin, custodian, area, report] = [newId(), newId(), newId(), newId()];
  await exec(user, admin, FIRST_SCHOOL_ID, 'Admin', 'admin@ronde.test', 'admin', hash, at, at, 1);
  await exec(
    user,
    custodian,
    FIRST_SCHOOL_ID,
    'Ani',
    'ani@ronde.test',
    'custodian',
    hash,
    at,
    at,
    2,
  );
  await exec(
    `INSERT INTO areas (id, school_id, name, created_at, updated_at, change_seq) VALUES (?, ?, 'Toilet gedung B', ?, ?, 3)`,
    area,
    FIRST_SCHOOL_ID,
    at,
    at,
  );
  await exec(
    `INSERT INTO reports (id, school_id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq, number)
     VALUES (?, ?, ?, ?, 'cleaning', 'Wastafel mampet', 'pending', ?, ?, ?, 4, 'LAP-2026-000001')`,
    report,
    FIRST_SCHOOL_ID,
    custodian,
    area,
    at,
    at,
    at,
  );
  await exec('UPDATE change_counter SET value = ? WHERE school_id = ?', COUNTER, FIRST_SCHOOL_ID);
  return { admin, custodian, area, report };
}

describe(`the upgrade that adds rounds (${testEngine})`, () => {
  it('keeps the data written before it and gives working rounds tables', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-rounds-migration-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0018_rounds',
      pgTag: '0013_rounds',
      pgWireTables: ['users', 'areas', 'reports'],
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });

    // The old report is as it was, linked to no round.
    const reports = await db.rows<Record<string, unknown>>(
      'SELECT id, description, number, status, round_completion_id, round_item_id FROM reports',
      [],
    );
    expect(reports).toEqual([
      {
        id: before.report,
        description: 'Wastafel mampet',
        number: 'LAP-2026-000001',
        status: 'pending',
        round_completion_id: null,
        round_item_id: null,
      },
    ]);
    for (const table of ['round_templates', 'round_template_versions', 'round_completions']) {
      expect(await db.rows(`SELECT * FROM ${table}`, []), table).toEqual([]);
    }

    const { send, signIn } = appOnUpgraded(db, dir);
    const adminToken = await signIn('admin@ronde.test');
    const aniToken = await signIn('ani@ronde.test');
    const today = schoolDay(Date.now(), WIB);
    const created = await send('/api/rounds/templates', {
      token: adminToken,
      json: {
        title: 'Bersihkan toilet gedung B',
        area_ids: [before.area],
        items: [{ id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', photo: 'none' }],
        assignee_role: 'custodian',
        schedule: { kind: 'daily' },
        start_date: addDays(today, -7),
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const template = ((await created.json()) as { data: RoundTemplate }).data;

    // The custodian completes today's round with a failed item and raises a report from it.
    const completionId = newId();
    const reportId = newId();
    const at = new Date().toISOString();
    const pushed = await send('/api/sync/push', {
      token: aniToken,
      json: {
        protocol_version: PROTOCOL_VERSION,
        client_id: newId(),
        mutations: [
          {
            id: newId(),
            seq: 1,
            at,
            name: 'round.complete',
            args: {
              id: completionId,
              template_id: template.id,
              template_version: template.version,
              occurrence_date: today,
              completed_at: at,
              answers: [{ item_id: 'floor', value: 'fail', note: 'Basah' }],
            },
          },
          {
            id: newId(),
            seq: 2,
            at,
            name: 'report.create',
            args: {
              id: reportId,
              area_id: before.area,
              work_type: 'cleaning',
              description: 'Bersihkan toilet gedung B: Lantai kering (gagal). Basah',
              reported_at: at,
              unassigned: true,
              round_completion_id: completionId,
              round_item_id: 'floor',
            },
          },
        ],
      },
    });
    expect(pushed.status).toBe(200);
    const results = ((await pushed.json()) as PushResponse).results;
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);

    const linked = await db.rows<{ round_completion_id: string; round_item_id: string }>(
      'SELECT round_completion_id, round_item_id FROM reports WHERE id = ?',
      [reportId],
    );
    expect(linked).toEqual([{ round_completion_id: completionId, round_item_id: 'floor' }]);
    const completions = await db.rows<{ id: string; occurrence_id: string }>(
      'SELECT id, occurrence_id FROM round_completions',
      [],
    );
    expect(completions).toEqual([{ id: completionId, occurrence_id: `${template.id}:${today}` }]);

    // A device that had pulled everything before the upgrade gets the round and its completion
    // after its cursor, and nothing of the old data again; a new device gets it all.
    const pull = async (token: string, cursor: string) => {
      const res = await send(`/api/sync/pull?cursor=${cursor}&limit=500`, { token });
      expect(res.status).toBe(200);
      return ((await res.json()) as PullResponse).changes.map((c) => `${c.entity}/${c.id}`);
    };
    expect((await pull(aniToken, String(COUNTER))).sort()).toEqual(
      [
        `round_templates/${template.id}`,
        `round_completions/${completionId}`,
        `reports/${reportId}`,
      ].sort(),
    );
    expect(await pull(adminToken, '')).toEqual(
      expect.arrayContaining([
        `reports/${before.report}`,
        `round_templates/${template.id}`,
        `round_completions/${completionId}`,
      ]),
    );
  });
});
