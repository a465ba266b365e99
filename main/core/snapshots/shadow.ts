// The shadow repository of one workspace (GATEHOUSE_HOME/snapshots/<hash of the path>.git) and taking a snapshot of
// the workspace into it: in this process where it can (fast/engine.ts: the same file set, the same tree id), else
// `git add -A` (honouring the workspace's ignore rules) with the shadow's own index, then `write-tree`. The person's
// `.git` is only ever read (its info/exclude, its list of tracked files), never written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { engineFor, forgetShadow } from './fast/engine.js';
import { git, gitLine, type ShadowPaths } from './git.js';
import { stampOf } from '../policy/workspace/ignore-index/stamped.js';

// Stored as the bytes on disk: no end-of-line conversion, clean/smudge filter (LFS…) or re-encoding from the
// workspace's .gitattributes; info/attributes outranks every .gitattributes file.
const ATTRIBUTES = '* -text -filter -ident -working-tree-encoding -crlf\n';

/** The shadow of `workspace` under `home`. */
export function shadowPaths(home: string, workspace: string): ShadowPaths {
  const key = createHash('sha256').update(workspace).digest('hex').slice(0, 24);
  const gitDir = join(home, 'snapshots', `${key}.git`);
  return { gitDir, workTree: workspace, indexFile: join(gitDir, 'gatehouse-index') };
}

/** Creates the shadow repository when missing; seeds its index with files the person's git tracks though ignored. */
export async function ensureShadow(paths: ShadowPaths): Promise<void> {
  if (existsSync(join(paths.gitDir, 'HEAD'))) return;
  mkdirSync(join(paths.gitDir, '..'), { recursive: true, mode: 0o700 });
  await git(null, ['init', '-q', '--bare', paths.gitDir]);
  mkdirSync(join(paths.gitDir, 'info'), { recursive: true });
  writeFileSync(join(paths.gitDir, 'info', 'attributes'), ATTRIBUTES);
  writeFileSync(join(paths.gitDir, 'workspace'), `${paths.workTree}\n`);
  const tracked = await trackedButIgnored(paths.workTree);
  if (tracked.length > 0) await git(paths, ['add', '-f', '--pathspec-from-file=-', '--pathspec-file-nul'], tracked.join('\0'));
}

/** Files the person's repository tracks although its ignore rules match them (they belong to the snapshot too). */
async function trackedButIgnored(workTree: string): Promise<string[]> {
  if (!existsSync(join(workTree, '.git'))) return [];
  try {
    // Read-only: ls-files never writes the index (and GIT_OPTIONAL_LOCKS=0 is set for every run).
    const out = await git({ gitDir: join(workTree, '.git'), workTree, indexFile: join(workTree, '.git', 'index') }, ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard']);
    return out.toString('utf8').split('\0').filter((p) => p !== '');
  } catch {
    return [];
  }
}

// Per shadow, the stamps (policy/workspace/ignore-index/stamped.ts) of the person's .git, their info/exclude and the shadow's
// copy at the last sync: while none changed, the copy is still equal and neither file is read again.
const synced = new Map<string, string>();

/** Keeps the shadow's info/exclude equal to the person's, so both ignore the same files. */
function syncExclude(paths: ShadowPaths): void {
  const dotGit = join(paths.workTree, '.git');
  const theirs = join(dotGit, 'info', 'exclude');
  const ours = join(paths.gitDir, 'info', 'exclude');
  const theirStamps = (): string => `${stampOf(dotGit, true)}\n${stampOf(theirs, true)}`;
  const before = theirStamps();
  if (synced.get(paths.gitDir) === `${before}\n${stampOf(ours)}`) return;
  let text = '';
  try {
    if (statSync(dotGit).isDirectory()) text = readFileSync(theirs, 'utf8');
  } catch {
    text = '';
  }
  let current: string | null = null;
  try {
    current = readFileSync(ours, 'utf8');
  } catch {
    current = null;
  }
  if (current !== text) writeFileSync(ours, text);
  // Kept only when the person's files did not change while they were read (else: read again next time).
  if (theirStamps() === before) synced.set(paths.gitDir, `${before}\n${stampOf(ours)}`);
  else synced.delete(paths.gitDir);
}

/**
 * Records the workspace as it is now and returns the tree id: tracked and untracked-not-ignored files, every file
 * the shadow already holds, and `force` (ignored files a file tool writes: absolute paths inside the workspace).
 */
export async function snapshot(paths: ShadowPaths, force: readonly string[] = []): Promise<string> {
  await ensureShadow(paths);
  syncExclude(paths);
  const fast = await engineFor(paths).take(force);
  if (fast !== null) return fast;
  // git takes this one, and writes the index the engine reads again next time.
  forgetShadow(paths.gitDir);
  return gitSnapshot(paths, force);
}

/** The same snapshot taken by git alone: `git add -A`, `git add -f` of `force`, `write-tree` (the shadow must exist). */
export async function gitSnapshot(paths: ShadowPaths, force: readonly string[] = []): Promise<string> {
  syncExclude(paths);
  await git(paths, ['-c', 'core.untrackedCache=true', 'add', '-A']);
  const inside = force.map((p) => relative(paths.workTree, p)).filter((p) => p !== '' && !p.startsWith('..') && existsSync(join(paths.workTree, p)));
  if (inside.length > 0) await git(paths, ['add', '-f', '--pathspec-from-file=-', '--pathspec-file-nul'], inside.join('\0'));
  return gitLine(paths, ['write-tree']);
}
