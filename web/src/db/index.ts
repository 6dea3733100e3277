import { openUrsDatabase } from './database.js';

export * from './database.js';

/** The app's database. Dexie opens it on first use, so importing this has no side effect. */
export const db = openUrsDatabase();
