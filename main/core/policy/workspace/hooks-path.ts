// The hooks folder a repository's own config names (`core.hooksPath = .husky/_`): git runs the scripts there on the next
// commit, checkout or push, as it runs .git/hooks, so writing them is writing git's own code path.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findRepository, globalAttributesFile, globalConfigFiles } from './git-config-files.js';

/** The last `hooksPath` value in the `[core]` section of git config text, or undefined. */
export function hooksPathOf(configText: string): string | undefined {
  let core = false;
  let value: string | undefined;
  for (const raw of configText.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    const section = /^\[\s*([^\]\s"]+)/.exec(line);
    if (section) core = section[1]!.toLowerCase() === 'core';
    const m = core ? /^hookspath\s*=\s*(.*)$/i.exec(line) : null;
    if (m) value = m[1]!.replace(/^"(.*)"$/, '$1').trim();
  }
  return value === '' ? undefined : value;
}

/**
 * The folders whose scripts git runs as hooks by the repository's config, resolved against the work tree: the hooksPath,
 * and its parent when it is husky's `_` folder (whose stubs run `.husky/pre-commit` and the like).
 */
export function hooksDirs(hooksPath: string, workTree: string, home: string): string[] {
  const dir = path.resolve(workTree, hooksPath.replace(/^~(?=\/|$)/, home));
  return path.basename(dir) === '_' ? [dir, path.dirname(dir)] : [dir];
}

const cache = new Map<string, { mtimeMs: number; value: string | undefined }>();

/** The hooksPath one config file sets (undefined: none, or no such file), read again only when the file changed. */
function hooksPathIn(file: string): string | undefined {
  let mtimeMs: number | undefined;
  try {
    mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return undefined; // ENOTDIR, EACCES: git reads nothing there either
  }
  if (mtimeMs === undefined) return undefined;
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.value;
  let value: string | undefined;
  try {
    value = hooksPathOf(readFileSync(file, 'utf8'));
  } catch {
    // An unreadable config names no hooks folder git could read either.
  }
  cache.set(file, { mtimeMs, value });
  return value;
}

/**
 * The places git runs code from, beyond any folder named `.git`: the user's global config files and attributes file
 * (an alias, `core.pager` or `core.fsmonitor` there runs in every repository), and for the repository `dir` is in, the
 * hooks folder its configs name (the last one set wins, as in git) and its git directories, which need not be named
 * `.git` (`git init --separate-git-dir`).
 */
export function gitCodePaths(dir: string, home: string, env: NodeJS.ProcessEnv): string[] {
  const configs = globalConfigFiles(home, env);
  const globals = [...configs, globalAttributesFile(home, env)];
  const repo = findRepository(dir);
  if (repo === undefined) return globals;
  let value: string | undefined;
  for (const file of [...configs, ...repo.files]) value = hooksPathIn(file) ?? value;
  const gitDirs = [...new Set([repo.gitDir, repo.commonDir])];
  return [...(value === undefined ? [] : hooksDirs(value, repo.workTree, home)), ...gitDirs, ...globals];
}
