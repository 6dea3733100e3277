import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { expect } from 'vitest';

/*
 * For upgrade tests: the schema a deployment upgrades from, built by the migrations before a
 * given one, holding a school's data as the code of that time wrote it.
 */

/** A copy of the migrations `from` whose journal ends just before `tag`. */
export function migrationsBefore(from: string, tag: string, dir: string): string {
  const copy = path.join(dir, path.basename(from));
  fs.cpSync(from, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

/**
 * Stand-ins for the `wire_change` triggers a running PostgreSQL deployment has on `tables`
 * (db/stored-changes.ts). The code of the time rendered them from its own builder, which today's
 * cannot reproduce on an older schema (it names columns that schema lacks); these mark every row
 * they write with text that is no change at all, so a pull after the upgrade that sent a stored
 * change start-up had not rewritten would not parse. Start-up finds none of its own functions
 * installed, installs them and rewrites every row.
 */
export async function standInWireTriggers(
  client: pg.ClientBase,
  tables: readonly string[],
): Promise<void> {
  await client.query(
    `CREATE FUNCTION urs_old_wire_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.wire_change := 'old'; RETURN NEW; END $$`,
  );
  for (const table of tables) {
    await client.query(
      `CREATE TRIGGER "urs_${table}_wire_change" BEFORE INSERT OR UPDATE ON "${table}" FOR EACH ROW EXECUTE FUNCTION urs_old_wire_change()`,
    );
  }
}
