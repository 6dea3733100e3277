import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources in tests: no build needed first.
  resolve: { conditions: ['@urs/source'] },
  ssr: { resolve: { conditions: ['@urs/source'], externalConditions: ['@urs/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
  },
});
