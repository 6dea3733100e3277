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
    // spends much of its time waiting on its own server, Chromium and timers: one file at a
    // time, the browser tests alone took 7m40s with 7 minutes of CPU on a 2-core machine
    // (2026-11-26); two at a time, the whole web suite (83 unit files too) took 7m26s.
    maxWorkers: 2,
  },
});
