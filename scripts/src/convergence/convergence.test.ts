import { describe, it } from 'vitest';
import { CASES, runCases } from './cases.js';

describe('convergence under random drops', () => {
  it(`${CASES} seeded cases: every device ends equal to the server, every change applied once`, async () => {
    await runCases(CASES);
  }, 600_000);

  it(`${Math.ceil(CASES / 4)} seeded cases with two schools: each converges, nothing crosses`, async () => {
    await runCases(Math.ceil(CASES / 4), { schools: 2 });
  }, 600_000);
});
