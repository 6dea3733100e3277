import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources: no separate build step for them.
  resolve: { conditions: ['@urs/source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:8787' } },
});
