import { describeRounds } from './rounds-cases.js';

/* The rounds cases with two API processes on one PostgreSQL (needs TEST_DATABASE_URL). */
/* Fewer cases: each creates and drops a database (about 10 s a case on a 2-core host). */
describeRounds({ engine: 'postgres', processes: 2 }, 3, !process.env['TEST_DATABASE_URL']);
