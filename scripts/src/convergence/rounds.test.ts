import { describeRounds } from './rounds-cases.js';

/* Rounds under sync (issue 41, decision 030): exactly once and convergence, on SQLite. */
describeRounds({ engine: 'sqlite' }, 6);
