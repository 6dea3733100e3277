import type Database from 'better-sqlite3';

const cache = new WeakMap<
  Database.Database,
  { begin: Database.Statement; release: Database.Statement; rollback: Database.Statement }
>();

/**
 * Runs `fn` inside a SAVEPOINT on the connection's open transaction: if it throws, only its own
 * writes are undone and the error is rethrown. Statements are prepared once per connection,
 * because a push batch opens one savepoint per mutation.
 */
export function withSavepoint<T>(client: Database.Database, fn: () => T): T {
  let s = cache.get(client);
  if (s === undefined) {
    s = {
      begin: client.prepare('SAVEPOINT mutation'),
      release: client.prepare('RELEASE mutation'),
      rollback: client.prepare('ROLLBACK TO mutation'),
    };
    cache.set(client, s);
  }
  s.begin.run();
  try {
    const result = fn();
    s.release.run();
    return result;
  } catch (err) {
    s.rollback.run();
    s.release.run();
    throw err;
  }
}
