import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { migrateDatabase, openDatabase, sqliteWriter } from './client.js';
import { testEngine } from '../test/databases.js';
import { migrationsBefore } from '../test/old-schema.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testEngine !== 'sqlite')('migration 0010_pull_by_reporter', () => {
  it("gives every existing photo its report's reporter, so staff still pull their own photos", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-migration-test-'));
    dirs.push(dir);
    const file = path.join(dir, 'urs.sqlite');
    const old = new Database(file);
    migrate(drizzle(old), {
      migrationsFolder: migrationsBefore(MIGRATIONS, '0010_pull_by_reporter', dir),
    });
    const now = new Date().toISOString();
    const [staff, other, area, report, otherReport] = [newId(), newId(), newId(), newId(), newId()];
    const insertUser = old.prepare(
      "INSERT INTO users (id, name, email, role, password_hash, created_at, updated_at, change_seq) VALUES (?, ?, ?, 'gardener', 'x', ?, ?, ?)",
    );
    insertUser.run(staff, 'Staf', 'staf@urs.test', now, now, 1);
    insertUser.run(other, 'Lain', 'lain@urs.test', now, now, 2);
    old
      .prepare(
        'INSERT INTO areas (id, name, created_at, updated_at, change_seq) VALUES (?, ?, ?, ?, 3)',
      )
      .run(area, 'Taman', now, now);
    const insertReport = old.prepare(
      "INSERT INTO reports (id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq) VALUES (?, ?, ?, 'maintenance', 'Rumput', 'pending', ?, ?, ?, ?)",
    );
    // A filing time, as the server wrote one since 0009 (the later analytics upgrade counts it).
    insertReport.run(report, staff, area, now, now, now, 4);
    insertReport.run(otherReport, other, area, now, now, now, 5);
    const insertPhoto = old.prepare(
      "INSERT INTO report_photos (id, report_id, kind, sha256, mime_type, size_bytes, created_at, updated_at, change_seq) VALUES (?, ?, 'before', 'aa', 'image/jpeg', 10, ?, ?, ?)",
    );
    const [mine, theirs] = [newId(), newId()];
    insertPhoto.run(mine, report, now, now, 6);
    insertPhoto.run(theirs, otherReport, now, now, 7);
    old.close();

    const db = openDatabase(file);
    try {
      await migrateDatabase(db);
      const owners = sqliteWriter(db)
        .prepare('SELECT id, reporter_id AS reporterId FROM report_photos ORDER BY change_seq')
        .all();
      expect(owners).toEqual([
        { id: mine, reporterId: staff },
        { id: theirs, reporterId: other },
      ]);
    } finally {
      await db.close();
    }
  });
});
