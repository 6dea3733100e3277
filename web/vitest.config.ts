import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const conditions = ['@urs/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // The browser tests start a server and Chromium; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time even on 2 cores (vitest's default there is one). A browser test
    // spends most of its time waiting on its own server, Chromium and timers: one file at a
    // time, the web suite kept a 2-core machine about half busy (7 min of CPU in 7m40s for the
    // browser tests alone, 2026-11-26), and two at a time took it from about 12 to 7.5 minutes.
    maxWorkers: 2,
  },
});
