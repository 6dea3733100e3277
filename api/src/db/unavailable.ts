/**
 * Whether a failure means the database could not be reached (or is restarting, or refused to
 * serve for now), as opposed to a bug or a refused statement. Such a failure is a passing
 * fault: it is answered 503 with Retry-After (middleware/errors.ts), so proxies, monitors and
 * devices retry instead of counting a server error. Both drivers are recognised; drizzle wraps
 * a driver's error in its own (`cause`), so the chain is walked.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (unavailableItself(e)) return true;
    e = e.cause;
  }
  return false;
}

/** What a restarting or unreachable server answers, or the socket says, in PostgreSQL's terms. */
const PG_UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (or pg_terminate_backend)
  '57P02', // crash_shutdown: another backend crashed, the server resets every connection
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '53300', // too_many_connections: every slot is taken for now
]);

/** Socket failures: nobody listening, a connection cut, no route, DNS for the moment. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/*
 * node-postgres reports a connection lost, and its pool a connection that could not be made in
 * time, by message only. A client that errored once is not queryable again; the pool replaces
 * it on the next checkout.
 */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/*
 * SQLite: SQLITE_BUSY (and its extended codes, e.g. SQLITE_BUSY_SNAPSHOT) reaches here only
 * after the busy timeout (db/client.ts) has run out: another writer (a backup, a long migration,
 * a second process on the same file) held the lock for seconds. Nothing is wrong with the
 * request and the batch was rolled back, so trying again shortly is exactly right: a 503, like
 * a PostgreSQL restart, not a 500 that says the request itself failed. Full disks, I/O errors
 * and corrupt files are not passing and stay 500.
 */
function unavailableItself(e: Error): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (SOCKET_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  }
  return PG_CONNECTION_MESSAGES.some((m) => e.message.startsWith(m));
}
