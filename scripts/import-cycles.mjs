#!/usr/bin/env node
// Finds import circles among a source tree's TypeScript files, type-only imports included:
// eslint-plugin-import-x's no-cycle skips `import type`, and a circle of types still ties two
// modules together. Reads every relative import, export-from and import(); exits 1 on a circle.
// Usage: node scripts/import-cycles.mjs [dir ...] (default: the API's and the scripts' sources).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['api/src', 'scripts/src'];

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in source), or null. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file)) ?? null;
}

/** @type {Map<string, string[]>} */
const graph = new Map();
for (const root of roots) {
  for (const file of sourceFiles(path.resolve(root))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(file, spec))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
/** @type {string[][]} */
const circles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

const rel = (file) => path.relative(process.cwd(), file);
for (const circle of circles) {
  console.error(`import circle (type imports included): ${circle.map(rel).sort().join(', ')}`);
}
if (circles.length > 0) process.exit(1);
console.log(`no import circles in ${roots.join(', ')} (${graph.size} files)`);
