// Which files the shadow's `git add -A` would leave out, answered here with the ignore oracle's readers
// (policy/workspace/ignore-index: its cached pattern files, levels and config): the workspace's .gitignore files, the shadow's info/exclude
// (a copy of the person's) and the excludes file of the config the shadow's git reads (global files and the shadow's
// own; no system config, GIT_CONFIG_NOSYSTEM). Whatever those readers cannot vouch for answers null: git decides.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { globalConfigFiles } from '../../policy/workspace/git-config-files.js';
import { defaultExcludesFile, ignoreConfigOf, type IgnoreConfig } from '../../policy/workspace/ignore-index/git-config.js';
import { decide, type Level } from '../../policy/workspace/ignore-index/levels.js';
import { ignoreFiles, ODD, wideFiles } from '../../policy/workspace/ignore-index/pattern-files.js';
import type { IgnorePattern } from '../../policy/workspace/ignore-index/patterns.js';
import { stampOf } from '../../policy/workspace/ignore-index/stamped.js';

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

// The last answer per shadow, with the stamps of the files it came from: taken again only when one of them changed.
const lastRules = new Map<string, { configStamps: string; config: IgnoreConfig | null; rules: WideRules | null }>();

/** The shadow's repository-wide ignore rules now; null when they use what these readers do not follow. */
export function wideRules(gitDir: string, env: NodeJS.ProcessEnv = process.env): WideRules | null {
  const home = env.HOME || homedir();
  const files = [...globalConfigFiles(home, env), join(gitDir, 'config')];
  const stamps = files.map((file) => `${file}=${stampOf(file, true) ?? '-'}`);
  const configStamps = stamps.join('\n');
  const last = lastRules.get(gitDir);
  // One stat per file while nothing changed; a file edited since is read again at once (its stamp differs).
  const config = last?.configStamps === configStamps ? last.config : ignoreConfigOf(files, home);
  if (config === null || config.ignoreCase) return remember(gitDir, configStamps, config, null);
  const excludes = [join(gitDir, 'info', 'exclude'), config.excludesFile ?? defaultExcludesFile(home, env)];
  for (const file of excludes) stamps.push(`${file}=${stampOf(file, true) ?? '-'}`);
  const stamp = stamps.join('\n');
  if (last?.rules?.stamp === stamp) return last.rules;
  const levels: Level[] = [];
  for (const file of excludes) {
    const patterns = wideFiles.get(file);
    if (patterns === ODD) return remember(gitDir, configStamps, config, null);
    if (patterns !== null) levels.push({ base: '', patterns });
  }
  return remember(gitDir, configStamps, config, { levels, stamp });
}

function remember(gitDir: string, configStamps: string, config: IgnoreConfig | null, rules: WideRules | null): WideRules | null {
  lastRules.set(gitDir, { configStamps, config, rules });
  return rules;
}

/** Whether git ignores `rel` given the .gitignore levels on its way (shallowest first) and the wide rules. Pure. */
export function ignored(rel: string, isDir: boolean, levels: readonly Level[], wide: readonly Level[]): boolean {
  const m = decide(rel, isDir, levels, wide);
  return m !== null && !m.negative;
}
