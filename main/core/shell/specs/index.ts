// Every program the engine vouches for under a prefix rule, by name: one file per program family (see types.ts).
import { COREUTILS } from './coreutils.js';
import { CURL } from './curl.js';
import { GIT } from './git.js';
import { SEARCHERS } from './grep.js';
import { JSON_TOOLS } from './jq.js';
import { KUBECTL } from './kubectl.js';
import { ESLINT, GO, MAKE, NPM, PRETTIER, PYTEST, RUFF } from './runners.js';
import { readWithSpec, type SpecReading } from './judge.js';
import type { ProgramSpec } from './types.js';

const SPECS: ReadonlyMap<string, ProgramSpec> = new Map(Object.entries({
  ...COREUTILS, ...SEARCHERS, ...JSON_TOOLS, curl: CURL, git: GIT, kubectl: KUBECTL, npm: NPM, go: GO, pytest: PYTEST, eslint: ESLINT, prettier: PRETTIER, ruff: RUFF, make: MAKE, gmake: MAKE,
}));

/** Whether the specs know `program` (its options and operands, and so which words are programs it runs). */
export function hasSpec(program: string): boolean {
  return SPECS.has(program);
}

// Readings by argv text: agents repeat commands, and a reading is a pure function of the words (bounded, oldest dropped).
const readings = new Map<string, SpecReading | null>();
const KEPT = 2048;

/**
 * What the engine understands of an invocation (argv after unwrapping), or null for a program it has no spec for.
 * Threat: under a prefix rule, an option the engine does not know may run code, write or read anything.
 */
export function specReading(argv: readonly string[]): SpecReading | null {
  const spec = SPECS.get(argv[0] ?? '');
  if (spec === undefined) return null;
  const key = argv.join('\0');
  const hit = readings.get(key);
  if (hit !== undefined) return hit;
  const r = readWithSpec(argv, spec, argv[0]!);
  const out = r.unspecified ? null : r;
  readings.set(key, out);
  if (readings.size > KEPT) readings.delete(readings.keys().next().value as string);
  return out;
}

export type { SpecReading } from './judge.js';
