// The hooks folder a repository's own config names (`core.hooksPath = .husky/_`): git runs the scripts there on the next
// commit, checkout or push, as it runs .git/hooks, so writing them is writing git's own code path.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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

const cache = new Map<string, { mtimeMs: number; dirs: string[] }>();

/** The configured hooks folders of the repository at `workTree` (its `.git/config`), read again only when it changed. */
export function configuredHooksDirs(workTree: string, home: string): string[] {
  const file = path.join(workTree, '.git', 'config');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.dirs;
  let dirs: string[] = [];
  try {
    const value = hooksPathOf(readFileSync(file, 'utf8'));
    if (value !== undefined) dirs = hooksDirs(value, workTree, home);
  } catch {
    // An unreadable config names no hooks folder git could read either.
  }
  cache.set(file, { mtimeMs, dirs });
  return dirs;
}
