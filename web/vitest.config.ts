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
  },
});
