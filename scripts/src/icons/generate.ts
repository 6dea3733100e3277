/**
 * Draws the URS logo as SVG and renders the PWA's PNG icons with Debian's Chromium.
 * Not part of the build: run it by hand after changing the logo, and commit the results.
 *
 *   npx turbo run build --filter=@urs/scripts && node scripts/dist/icons/generate.js
 *
 * Writes web/public/favicon.svg, web/public/icons/logo.svg and the PNGs the manifest and
 * index.html name. The glyph (the letters URS drawn as strokes, so no font is needed, over a
 * sweep of amber) stays inside the central 80% circle, the maskable safe zone, in every variant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ICON_COLORS = {
  background: '#0f172a',
  backgroundEdge: '#1e293b',
  glyph: '#f8fafc',
  accent: '#f59e0b',
} as const;

/** 'any': rounded square on transparency; 'full': edge-to-edge square (maskable, Apple). */
export type IconShape = 'any' | 'full';

/** The glyph in a 300 x 200 box: U, R and S as round-capped strokes, and an amber sweep. */
const GLYPH = `
  <g fill="none" stroke-linecap="round" stroke-linejoin="round">
    <g stroke="${ICON_COLORS.glyph}" stroke-width="30">
      <path d="M0 0 V110 A40 40 0 0 0 80 110 V0" />
      <path d="M110 150 V0 H148 A37.5 37.5 0 0 1 148 75 H110 M146 75 L190 150" />
      <path d="M296 26 C284 2 220 -6 222 38 C224 76 300 70 300 112 C300 156 234 160 220 124" />
    </g>
    <path d="M10 196 H290" stroke="${ICON_COLORS.accent}" stroke-width="18" />
  </g>`;

export function logoSvg(shape: IconShape): string {
  const radius = shape === 'any' ? 112 : 0;
  // Glyph 300 x 205 (strokes included) centred in 512: its corners sit 184 px from the centre,
  // inside the 205 px safe-zone radius of a maskable icon.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${ICON_COLORS.backgroundEdge}" />
      <stop offset="1" stop-color="${ICON_COLORS.background}" />
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#bg)" />
  <g transform="translate(106 148)">${GLYPH}
  </g>
</svg>
`;
}

interface IconOutput {
  file: string;
  size: number;
  shape: IconShape;
}

export const ICON_OUTPUTS: readonly IconOutput[] = [
  { file: 'icons/icon-192.png', size: 192, shape: 'any' },
  { file: 'icons/icon-512.png', size: 512, shape: 'any' },
  { file: 'icons/maskable-192.png', size: 192, shape: 'full' },
  { file: 'icons/maskable-512.png', size: 512, shape: 'full' },
  { file: 'icons/apple-touch-icon-180.png', size: 180, shape: 'full' },
  { file: 'icons/favicon-32.png', size: 32, shape: 'any' },
];

async function main() {
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  const publicDir = path.join(repoRoot, 'web', 'public');
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'favicon.svg'), logoSvg('any'));
  fs.writeFileSync(path.join(publicDir, 'icons', 'logo.svg'), logoSvg('any'));

  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const output of ICON_OUTPUTS) {
      const page = await browser.newPage({
        viewport: { width: output.size, height: output.size },
        deviceScaleFactor: 1,
      });
      const svg = logoSvg(output.shape).replace(
        'width="512" height="512"',
        `width="${output.size}" height="${output.size}"`,
      );
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
      );
      const png = await page.screenshot({
        omitBackground: output.shape === 'any',
        clip: { x: 0, y: 0, width: output.size, height: output.size },
      });
      fs.writeFileSync(path.join(publicDir, output.file), png);
      console.log(`${output.file} (${output.size} px, ${png.byteLength} bytes)`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
