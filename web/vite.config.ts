import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { firstPaintZod } from './build/first-paint-zod.js';
import { routeHtml } from './build/route-html.js';
import { themeAhead } from './build/theme-ahead.js';

/** Dark theme by default: the manifest, the splash screen and <meta name="theme-color"> agree. */
const THEME_COLOR = '#0f172a';
const BACKGROUND_COLOR = '#0f172a';

const manifest = {
  name: 'URS — Operasional Sekolah',
  short_name: 'URS',
  description:
    'Laporan kebersihan dan perbaikan, inventaris, dan pengumuman sekolah; tetap bekerja tanpa sinyal.',
  lang: 'id',
  dir: 'ltr',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['productivity', 'education'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    firstPaintZod(),
    themeAhead(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/pwa/register.ts registers /sw.js with workbox-window; no generated inline script.
      injectRegister: false,
      manifest,
      // The glob below already takes every icon from public/; listing them again would
      // duplicate precache entries. The plugin adds manifest.webmanifest itself.
      includeManifestIcons: false,
      injectManifest: {
        // A classic (non-module) worker: module service workers are not supported everywhere.
        rollupFormat: 'iife',
        // The app shell: scripts, styles, the HTML, icons and fonts. Never source maps.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff,woff2}'],
        // A page's own index.html (build/route-html.ts) only speeds a first visit; offline, every
        // navigation is answered with /index.html.
        globIgnores: ['**/*.map', 'sw.js', '*/index.html'],
        // The app bundle (React, router, Dexie, i18n) may pass workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
    }),
    routeHtml(),
    // A brotli and a gzip copy beside each text file, made once at build time at the highest
    // levels; the API picks one per request by Accept-Encoding (api/src/routes/web).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:html|css|js|mjs|json|svg|webmanifest|txt)$/,
      // The service worker is written after the bundle (with its precache list injected), so
      // a copy could hold an older list than the file; it is small and revalidated anyway.
      exclude: [/(?:^|\/)sw\.js$/, /workbox-[\w-]+\.js$/],
      threshold: 1024,
    }),
  ],
  // Workspace packages resolve to their TypeScript sources: no separate build step for them.
  resolve: { conditions: ['@urs/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // jsPDF's optional helpers for doc.html() and SVG images, which the proof sheets never
      // call (jsPDF imports them only inside those functions). Left out of the build so the
      // service worker does not precache ~100 KB gzip that no screen can use. A module of ours
      // that needs one of these must take it off this list.
      external: ['html2canvas', 'dompurify', 'canvg'],
    },
  },
  server: { proxy: { '/api': 'http://localhost:8787' } },
});
