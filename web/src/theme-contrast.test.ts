import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THEMES } from '@urs/sync-protocol';

/**
 * Every CSS rule that paints text on a background of its own (`background` and `color` in one
 * rule, a chip, a badge, a filled button) keeps WCAG AA's 4.5:1 in every theme. Lighthouse only
 * sees the theme and the states a run happens to show (the dark danger button, the unread tag),
 * so the rules are checked here with each theme's variables resolved, tints laid over --surface.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const AA = 4.5;

/**
 * Rules held to less, with the reason. The dialog's icons are aria-hidden glyphs beside the
 * dialog's title (WCAG 1.4.11's 3:1 for graphics).
 */
const EXCEPTIONS: Record<string, number> = {
  '.dialog-icon': 3,
  '.dialog-icon-warning': 3,
  '.dialog-icon-error': 3,
};

type Rgba = [number, number, number, number];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const stylesheet = readFileSync(path.join(SRC, 'styles.css'), 'utf8');

/** The custom properties one theme's block sets; dark's block is also :root's. */
function themeBlock(theme: string): Record<string, string> {
  const start = stylesheet.indexOf(`html[data-theme='${theme}'] {`);
  if (start < 0) throw new Error(`styles.css has no block for the ${theme} theme`);
  const body = stylesheet.slice(start, stylesheet.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]),
  );
}

const dark = themeBlock('dark');
const variablesOf = (theme: string) =>
  theme === 'dark' ? dark : { ...dark, ...themeBlock(theme) };

function resolve(value: string, variables: Record<string, string>): string {
  const reference = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(value.trim());
  if (reference === null) return value.trim();
  const next = variables[reference[1] ?? ''] ?? reference[2];
  if (next === undefined) throw new Error(`${reference[1]} is not set`);
  return resolve(next, variables);
}

/** A colour the rules use: #rrggbb, #fff, rgb(a)() and color-mix(in srgb, X n%, transparent). */
function parse(value: string, variables: Record<string, string>): Rgba | null {
  const color = resolve(value, variables);
  const mix = /^color-mix\(in srgb,\s*(.+?)\s+([\d.]+)%,\s*transparent\)$/.exec(color);
  if (mix !== null) {
    const base = parse(mix[1] ?? '', variables);
    return base === null ? null : [base[0], base[1], base[2], base[3] * (Number(mix[2]) / 100)];
  }
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const hex = short === null ? long : [short[0], ...short.slice(1).map((d) => `${d}${d}`)];
  if (hex !== null) return [...hex.slice(1, 4).map((h) => parseInt(h ?? '', 16)), 1] as Rgba;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color);
  if (rgb !== null) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)];
  return null;
}

const over = (top: Rgba, under: Rgba): Rgba => [
  top[0] * top[3] + under[0] * (1 - top[3]),
  top[1] * top[3] + under[1] * (1 - top[3]),
  top[2] * top[3] + under[2] * (1 - top[3]),
  1,
];

function luminance([r, g, b]: Rgba): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

interface Pair {
  file: string;
  selector: string;
  background: string;
  color: string;
}

/** Rules with both a background and a text colour, comments dropped. */
function pairs(): Pair[] {
  return cssFiles(SRC).flatMap((file) => {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap((rule) => {
      const body = rule[2] ?? '';
      const background = /(?:^|[;\s])background(?:-color)?:\s*([^;]+);/.exec(body)?.[1];
      const color = /(?:^|[;\s])color:\s*([^;]+);/.exec(body)?.[1];
      if (background === undefined || color === undefined) return [];
      const selector = (rule[1] ?? '').trim().replace(/\s+/g, ' ');
      return [{ file: path.relative(SRC, file), selector, background, color }];
    });
  });
}

describe('text contrast of the themes', () => {
  it('finds the rules it checks', () => {
    const selectors = pairs().map((pair) => pair.selector);
    expect(selectors).toEqual(expect.arrayContaining(['.button-danger', '.badge', '.alert-error']));
  });

  it('keeps WCAG AA 4.5:1 for every rule painting text on its own background', () => {
    const failures: string[] = [];
    for (const theme of THEMES) {
      const variables = variablesOf(theme);
      const surface = parse('var(--surface)', variables);
      if (surface === null) throw new Error(`${theme} has no --surface`);
      for (const pair of pairs()) {
        const background = parse(pair.background, variables);
        const color = parse(pair.color, variables);
        // Transparent, inherited or literal black-on-white print rules have nothing to compare.
        if (background === null || color === null) continue;
        const ground = over(background, surface);
        const ratio = contrast(over(color, ground), ground);
        const needed = EXCEPTIONS[pair.selector] ?? AA;
        if (ratio < needed) {
          failures.push(`${theme} ${pair.file} ${pair.selector}: ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
