import { describe, it } from 'vitest';
import { CASES, runCases } from './cases.js';

describe('convergence under random drops', () => {
  it(`${CASES} seeded cases: every device ends equal to the server, every change applied once`, async () => {
    await runCases(CASES);
  }, 600_000);
});
