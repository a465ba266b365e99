// Which files the shadow's `git add -A` would leave out, answered here with the ignore oracle's readers
// (policy/ignore-index: its cached pattern files, levels and config): the workspace's .gitignore files, the shadow's info/exclude
// (a copy of the person's) and the excludes file of the config the shadow's git reads (global files and the shadow's
// own; no system config, GIT_CONFIG_NOSYSTEM). Whatever those readers cannot vouch for answers null: git decides.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { globalConfigFiles } from '../../policy/git-config-files.js';
import { defaultExcludesFile, ignoreConfigOf } from '../../policy/ignore-index/git-config.js';
import { decide, type Level } from '../../policy/ignore-index/levels.js';
import { ignoreFiles, ODD, wideFiles } from '../../policy/ignore-index/pattern-files.js';
import type { IgnorePattern } from '../../policy/ignore-index/patterns.js';
import { stampOf } from '../../policy/ignore-index/stamped.js';

/** A .gitignore's patterns (empty when there is none); null when git may read it otherwise than this reader. */
export function gitignoreAt(dir: string): readonly IgnorePattern[] | null {
  const patterns = ignoreFiles.get(join(dir, '.gitignore'));
  return patterns === ODD ? null : (patterns ?? []);
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
  const m = decide(rel, isDir, levels, wide);
  return m !== null && !m.negative;
}
