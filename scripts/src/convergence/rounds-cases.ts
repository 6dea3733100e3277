import { describe, it } from 'vitest';
import { editedWhileOffline, twoPhonesOneOccurrence } from './rounds.js';
import type { ServerOptions } from './world.js';

const SEED = Number(process.env['CONVERGENCE_SEED'] ?? 20261203);

/** The rounds cases on one engine (a process opens one engine only: one test file each). */
export function describeRounds(server: ServerOptions, cases: number, skip = false): void {
  describe.skipIf(skip)(`rounds on ${server.engine ?? 'sqlite'}`, () => {
    it(`${cases} seeded cases: two phones complete one occurrence offline; the first to arrive closes it, the other is kept and told`, async () => {
      for (let i = 0; i < cases; i++) {
        try {
          await twoPhonesOneOccurrence(SEED + i, server);
        } catch (err) {
          throw new Error(`rounds case failed; reproduce with CONVERGENCE_SEED=${SEED + i}`, {
            cause: err,
          });
        }
      }
    }, 300_000);

    it('a template edited while a phone is offline: its completion is kept on its version, then it gets the new one', async () => {
      await editedWhileOffline(server);
    }, 120_000);
  });
}
