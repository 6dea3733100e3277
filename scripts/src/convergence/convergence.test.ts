import { describe, it } from 'vitest';
import { CASES, runCases } from './cases.js';

// Twenty minutes each: on CI's 2 cores this file shares the machine with the API's and the web's
// suites, and the 200 cases took 180 s alone and over 600 s beside them.
const LIMIT_MS = 1_200_000;

describe('convergence under random drops', () => {
  it(
    `${CASES} seeded cases: every device ends equal to the server, every change applied once`,
    async () => {
      await runCases(CASES);
    },
    LIMIT_MS,
  );

  it(
    `${Math.ceil(CASES / 4)} seeded cases with two schools: each converges, nothing crosses`,
    async () => {
      await runCases(Math.ceil(CASES / 4), { schools: 2 });
    },
    LIMIT_MS,
  );
});
