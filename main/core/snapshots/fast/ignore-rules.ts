// Which files the shadow's `git add -A` would leave out, answered here with the ignore oracle's readers
// (policy/ignore-index: patterns, config, stamped files): the workspace's .gitignore files, the shadow's info/exclude
// (a copy of the person's) and the excludes file of the config the shadow's git reads (global files and the shadow's
// own; no system config, GIT_CONFIG_NOSYSTEM). Whatever those readers cannot vouch for answers null: git decides.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { globalConfigFiles } from '../../policy/git-config-files.js';
import { defaultExcludesFile, ignoreConfigOf } from '../../policy/ignore-index/git-config.js';
import { lastMatch, parseIgnoreFile, Unsupported, type IgnorePattern } from '../../policy/ignore-index/patterns.js';
import { StampedFiles, stampOf } from '../../policy/ignore-index/stamped.js';

/** One ignore file's patterns and the folder (relative to the workspace, '' for its root) they are relative to. */
export interface Level {
  base: string;
  patterns: readonly IgnorePattern[];
}

const ODD = 'odd' as const;

function patternsOf(bytes: Buffer | null): IgnorePattern[] | null | typeof ODD {
  if (bytes === null) return null;
  try {
    return parseIgnoreFile(bytes.toString('utf8'));
  } catch (e) {
    if (e instanceof Unsupported) return ODD;
    throw e;
  }
}

// git follows a symbolic link for info/exclude, the excludes file and configs, not for a .gitignore.
const wideFiles = new StampedFiles(patternsOf, ODD, true);

/** A .gitignore's patterns (empty when there is none); null when git may read it otherwise than this reader. */
export function gitignoreAt(dir: string): readonly IgnorePattern[] | null {
  const file = join(dir, '.gitignore');
  const stamp = stampOf(file);
  if (stamp === undefined) return [];
  if (!stamp.endsWith(':f')) return null;
  try {
    const parsed = patternsOf(readFileSync(file));
    return parsed === ODD ? null : (parsed ?? []);
  } catch {
    return null;
  }
}

/** The repository-wide levels the shadow's git applies, and a stamp that changes when any file they come from does. */
export interface WideRules {
  levels: Level[];
  stamp: string;
}

/** The shadow's repository-wide ignore rules now; null when they use what these readers do not follow. */
export function wideRules(gitDir: string, env: NodeJS.ProcessEnv = process.env): WideRules | null {
  const home = env.HOME || homedir();
  const files = [...globalConfigFiles(home, env), join(gitDir, 'config')];
  const stamps = files.map((file) => `${file}=${stampOf(file, true) ?? '-'}`);
  const config = ignoreConfigOf(files, home);
  if (config === null || config.ignoreCase) return null;
  const levels: Level[] = [];
  for (const file of [join(gitDir, 'info', 'exclude'), config.excludesFile ?? defaultExcludesFile(home, env)]) {
    stamps.push(`${file}=${stampOf(file, true) ?? '-'}`);
    const patterns = wideFiles.get(file);
    if (patterns === ODD) return null;
    if (patterns !== null) levels.push({ base: '', patterns });
  }
  return { levels, stamp: stamps.join('\n') };
}

/** Whether git ignores `rel` given the .gitignore levels on its way (shallowest first) and the wide rules. Pure. */
export function ignored(rel: string, isDir: boolean, levels: readonly Level[], wide: readonly Level[]): boolean {
  for (let i = levels.length - 1; i >= 0; i--) {
    const l = levels[i]!;
    const m = lastMatch(l.patterns, l.base === '' ? rel : rel.slice(l.base.length + 1), isDir);
    if (m !== null) return !m.negative;
  }
  for (const l of wide) {
    const m = lastMatch(l.patterns, rel, isDir);
    if (m !== null) return !m.negative;
  }
  return false;
}
