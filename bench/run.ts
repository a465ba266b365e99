// `npm run bench`: runs every suite in bench/suites, prints one table, writes bench/results/<time>.json.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const suiteFiles = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.js'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const results: Array<{ suite: string; rows: BenchRow[] }> = [];
for (const file of suiteFiles) {
  const mod = (await import(pathToFileURL(join(here, 'suites', file)).href)) as { suite: BenchSuite };
  process.stderr.write(`running ${mod.suite.name}…\n`);
  results.push({ suite: mod.suite.name, rows: await mod.suite.run() });
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3));
const lines = [['suite', 'measure', 'value', 'baseline', 'goal', 'met']];
for (const { suite, rows } of results) {
  for (const r of rows) {
    lines.push([
      suite,
      r.name,
      `${fmt(r.value)} ${r.unit}`,
      r.baseline ? `${r.baseline.name} ${fmt(r.baseline.value)} ${r.baseline.unit}` : '',
      r.goal ?? '',
      r.met === undefined ? '' : r.met ? 'yes' : 'NO',
    ]);
  }
}
const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i]!)).join('  '));

const outDir = join(here, '..', '..', 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2));
console.log(`\nwritten: ${file}`);
