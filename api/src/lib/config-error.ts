/**
 * Configuration the operator must fix before the process can serve: the message is one line
 * naming what is wrong, shown instead of a stack trace.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** For process entries: a ConfigError stops start-up with its one line and exit code 1. */
export function exitOnConfigError(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`URS cannot start: ${err.message}`);
  process.exit(1);
}
