// Import cycles make module load order matter (a module can see another half-initialised) and tie concepts that
// should stand apart; the house rule is none. This finds them in the TypeScript sources by their relative imports
// (static, type-only, re-exports, dynamic import() and require(): a cycle broken by a lazy import is still one).
// Use: `node scripts/import-cycles.mjs [dir…]` (default main common renderer); exits 1 and prints each cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
/** What a relative specifier may name once its `.js` (or no) extension is swapped for a source one. */
const CANDIDATES = ['.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx'];

/** Every relative module specifier a source text imports, in any form. */
export function relativeImports(source) {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or undefined where it names none (an asset, a generated file). */
function resolve(from, specifier) {
  const target = path.resolve(path.dirname(from), specifier);
  const stem = target.replace(/\.(js|jsx|mjs|cjs|ts|tsx)$/, '');
  if (SOURCE.test(target) && isFile(target)) return target;
  return CANDIDATES.map((ext) => stem + ext).find(isFile);
}

/** The import graph of the source files under `dirs` (relative to `root`): file → the files it imports. */
export function importGraph(root, dirs) {
  const graph = new Map();
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s))
      .filter((t) => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself), by Tarjan's algorithm. */
function cyclicComponents(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** One shortest cycle through `start` inside its component (breadth-first), for a readable report. */
function cycleThrough(graph, component, start) {
  const inside = new Set(component);
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = parent.get(v); p !== undefined; p = parent.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * The import cycles among the source files under `dirs`: one entry per tangle (a set of files that all reach each
 * other), naming a shortest cycle through its first file and every file in it, paths relative to `root`.
 */
export function findImportCycles(root, dirs) {
  const graph = importGraph(root, dirs);
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  return cyclicComponents(graph).map((component) => {
    const files = component.map(rel).sort();
    const start = component.find((f) => rel(f) === files[0]);
    return { cycle: cycleThrough(graph, component, start).map(rel), files };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['main', 'common', 'renderer'];
  const cycles = findImportCycles(root, dirs);
  for (const { cycle, files } of cycles) {
    console.log(`cycle: ${cycle.join(' → ')}`);
    if (files.length > cycle.length - 1) console.log(`  (tangle of ${files.length} files: ${files.join(', ')})`);
  }
  console.log(cycles.length === 0 ? 'no import cycles' : `${cycles.length} import cycle(s)`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
