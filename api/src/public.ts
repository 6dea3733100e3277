/** What the scripts workspace (start, seed, bench) may use of the API package. */
export { createApp, type App } from './app.js';
export { loadEnv, type Env } from './env.js';
export { openDatabase, migrateDatabase, databaseFile, sqliteWriter } from './db/client.js';
export type { Db, Reader, Tx } from './db/handles.js';
export {
  connectDatabase,
  databaseTarget,
  DatabaseConfigError,
  redact,
  type DatabaseTarget,
} from './db/connect.js';
export { ChangeSeqRange, nextChangeSeq, nowIso } from './db/change-seq.js';
export { FIRST_SCHOOL_ID, adoptSchoolName, insertSchool } from './db/schools.js';
export * as tables from './db/schema.js';
export { hashPassword } from './lib/passwords.js';
export { sha256Hex, type PhotoStore } from './storage/photo-store.js';
export { DiskPhotoStore } from './storage/disk-photo-store.js';
export { loadConfiguration } from './startup.js';
export { applyPushBatch } from './sync/push.js';
export { PushSender, startPushSender, type SendOutcome } from './services/push-sender.js';
export { RoundNotifier, startRoundNotifier } from './services/round-notices.js';
/** Scratch databases for the scripts' tests (convergence on both engines). */
export { createTestDatabase, type TestDatabase } from './test/databases.js';
/** A process entry run from source, for the scripts' tests of their own entries. */
export { runEntry, type EntryResult } from './test/run-entry.js';
/** The API answers' compression, for the bench that chose its levels. */
export {
  API_COMPRESSION,
  encode as encodeAnswer,
  type CompressionPolicy,
} from './middleware/compression.js';
/** A round template's row columns for a definition: the demo seed's rounds as the API writes them. */
export { definitionColumns as roundTemplateColumns } from './services/round-templates.js';
/** A school's kept analytics figures recounted, for the bench's bulk-loaded schools (decision 034). */
export { recountSchool } from './services/report-tallies.js';
/** Rounds' compliance over a period (the bench times a year against a month). */
export { roundCompliance } from './services/round-compliance.js';
/** A local S3-compatible store (s3rver) for the load test's photos, as the API tests run it. */
export { startS3Server, type S3TestServer } from './test/s3-server.js';
