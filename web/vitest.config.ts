import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const conditions = ['@urs/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // A browser test's file spends most of its time waiting on its own server and Chromium
    // (about half a core each, measured with time(1)), so two run at once even on CI's 2 cores:
    // vitest's default there is one (cores - 1), which left the second core idle for 20 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The browser tests start a server and Chromium; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
