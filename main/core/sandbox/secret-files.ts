// The profile's workspace globs (`<ws>/**\/.env`…) as the files they name now, found through git rather than by walking
// the tree: the sandbox library's own glob walk descends node_modules and took 16–27 s on this repository per command.
import path from 'node:path';
import picomatch from 'picomatch';
import { gitEnv, gitNames } from '../policy/workspace/git-query.js';

const GLOB = /[*?[]/;

/** Where a glob starts: its folders before the first wildcard. */
function literalRoot(glob: string): string {
  const segs = glob.split('/');
  const first = segs.findIndex((s) => GLOB.test(s));
  return segs.slice(0, first).join('/') || '/';
}

/**
 * Concrete paths for the unreadable list: literal entries as they are; globs rooted in a git work tree as the untracked
 * and ignored files and folders they match (`git ls-files -o --directory`: an ignored folder is one entry, so
 * node_modules costs nothing); globs outside any repository stay globs for the library to expand.
 * Tracked files stay readable: they are the repository's own, which every clone holds.
 */
export async function concreteUnreadable(entries: readonly string[]): Promise<string[]> {
  const out = entries.filter((e) => !GLOB.test(e));
  const byRoot = new Map<string, string[]>();
  for (const g of entries.filter((e) => GLOB.test(e))) byRoot.set(literalRoot(g), [...(byRoot.get(literalRoot(g)) ?? []), g]);
  for (const [root, globs] of byRoot) {
    const names = await gitNames(root, { args: ['ls-files', '-z', '-o', '--directory', '--', '.'], stdin: null, answered: [0], env: gitEnv(), timeoutMs: 10_000 }).catch(() => null);
    if (names === null) {
      out.push(...globs);
      continue;
    }
    const match = picomatch(globs, { dot: true });
    for (const name of names) {
      const abs = path.join(root, name.replace(/\/$/, ''));
      if (match(abs) || (name.endsWith('/') && match(`${abs}/x`))) out.push(abs);
    }
  }
  return [...new Set(out)];
}
