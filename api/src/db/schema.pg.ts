import { getTableColumns } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { schema as sqliteSchema, schools as sqliteSchools } from './schema.js';
import { STORED_CHANGE_COLUMN } from './dialect.js';
import { syncedEntityOf } from '../data/wire-json.js';

/*
 * The PostgreSQL schema is derived from the SQLite one (schema.ts), which stays the only
 * place a table, column, index or key is written. drizzle-kit reads this module to generate
 * the PostgreSQL migrations, so both engines get the same tables from one definition; see
 * docs/decisions/007-two-engines.md. Column types map as:
 *
 *   SQLite text (and text enums)    -> text
 *   SQLite text in JSON mode        -> text (the JSON as written; queries cast where they need)
 *   SQLite integer                  -> bigint (change_seq and epoch milliseconds outgrow int4)
 *   SQLite integer in boolean mode  -> boolean
 *
 * One column exists on PostgreSQL only: every synced table's `wire_change`, the row's put
 * change as the pull sends it, written by a trigger whenever the row is (db/stored-changes.ts;
 * db/dialect.ts, storedChangeJson, says why).
 *
 * One key exists on PostgreSQL only: every `school_id` without a foreign key in schema.ts
 * references `schools` here (SQLite cannot add one to an existing table; schema.ts says more).
 */

type AnyBuilder = PgColumnBuilderBase & {
  notNull(): AnyBuilder;
  primaryKey(): AnyBuilder;
  default(value: unknown): AnyBuilder;
};

function pgColumn(column: SQLiteColumn): AnyBuilder {
  let built: AnyBuilder;
  switch (column.columnType) {
    case 'SQLiteText':
    case 'SQLiteTextJson':
      built = text(column.name);
      break;
    case 'SQLiteBoolean':
      built = boolean(column.name);
      break;
    case 'SQLiteInteger':
      built = bigint(column.name, { mode: 'number' });
      break;
    default:
      throw new Error(`schema.pg: no PostgreSQL type for ${column.columnType} (${column.name})`);
  }
  if (column.primary) built = built.primaryKey();
  if (column.notNull && !column.primary) built = built.notNull();
  if (column.hasDefault && column.default !== undefined) built = built.default(column.default);
  return built;
}

const SCHOOL_COLUMN = 'school_id';

const derived = new Map<SQLiteTable, PgTableWithColumns<never>>();

function derive(table: SQLiteTable): PgTableWithColumns<never> {
  const existing = derived.get(table);
  if (existing !== undefined) return existing;
  const config = getTableConfig(table);
  const columns: Record<string, PgColumnBuilderBase> = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      pgColumn(column as SQLiteColumn),
    ]),
  );
  const entity = syncedEntityOf(table);
  if (entity !== undefined) {
    columns.wireChange = text(STORED_CHANGE_COLUMN);
  }
  const keyOf = new Map(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]),
  );
  const pg = pgTable(config.name, columns, (t) => {
    const col = (name: string) => {
      const column = (t as Record<string, unknown>)[keyOf.get(name) ?? name];
      if (column === undefined) throw new Error(`schema.pg: ${config.name}.${name} missing`);
      return column as AnyPgColumn;
    };
    const extras: unknown[] = [];
    for (const pk of config.primaryKeys) {
      const [first, ...rest] = pk.columns.map((c) => col(c.name));
      if (first !== undefined) extras.push(primaryKey({ columns: [first, ...rest] }));
    }
    for (const idx of config.indexes) {
      const names = idx.config.columns.map((c) => (c as SQLiteColumn).name);
      const [first, ...rest] = names.map(col);
      if (first === undefined) continue;
      const builder = (idx.config.unique ? uniqueIndex : index)(idx.config.name).on(first, ...rest);
      extras.push(idx.config.where === undefined ? builder : builder.where(idx.config.where));
    }
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const target = derive(ref.foreignTable);
      const targetKeys = new Map(
        Object.entries(getTableColumns(ref.foreignTable)).map(([key, c]) => [c.name, key]),
      );
      const [first, ...rest] = ref.columns.map((c) => col(c.name));
      const foreign = ref.foreignColumns.map((c) => {
        const column = (target as unknown as Record<string, AnyPgColumn | undefined>)[
          targetKeys.get(c.name) ?? c.name
        ];
        if (column === undefined) throw new Error(`schema.pg: ${c.name} missing`);
        return column;
      });
      const [ffirst, ...frest] = foreign;
      if (first !== undefined && ffirst !== undefined) {
        extras.push(foreignKey({ columns: [first, ...rest], foreignColumns: [ffirst, ...frest] }));
      }
    }
    const keyed = config.foreignKeys.some((fk) =>
      fk.reference().columns.some((c) => c.name === SCHOOL_COLUMN),
    );
    if (keyOf.has(SCHOOL_COLUMN) && !keyed) {
      const schoolKey = (
        derive(sqliteSchools) as unknown as Record<string, AnyPgColumn | undefined>
      ).id;
      if (schoolKey === undefined) throw new Error('schema.pg: schools.id missing');
      extras.push(foreignKey({ columns: [col(SCHOOL_COLUMN)], foreignColumns: [schoolKey] }));
    }
    return extras as never;
  });
  const table2 = pg as unknown as PgTableWithColumns<never>;
  derived.set(table, table2);
  return table2;
}

export const pgSchema = Object.fromEntries(
  Object.entries(sqliteSchema).map(([key, table]) => [key, derive(table)]),
);

// drizzle-kit looks for exported tables.
export const {
  schools,
  changeCounter,
  users,
  sessions,
  userActivity,
  areas,
  areaPosters,
  categories,
  reports,
  reportPhotos,
  reportEvents,
  reportReleases,
  inventoryItems,
  stockTransactions,
  itemRequests,
  announcements,
  announcementReads,
  photoUploads,
  ssoStates,
  loginThrottles,
  loginKnownAddresses,
  syncClients,
  syncRejections,
  notifications,
  notificationPrefs,
  pushSubscriptions,
  pushDeliveries,
  deploymentSettings,
  roundTemplates,
  roundTemplateVersions,
  roundCompletions,
  roundNotices,
  reportTotals,
  reportDays,
  reportAreaDays,
  reportReporterDays,
  jobOpenMonths,
  jobOpenDays,
  jobDoneDays,
} = pgSchema;
