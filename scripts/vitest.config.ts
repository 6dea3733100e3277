import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests: no build needed first.
const conditions = ['@urs/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
  },
});
