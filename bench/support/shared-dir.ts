// Where the shared corpus and fixtures live: `../shared` beside the repository (as in CI's clean clone),
// or GATEHOUSE_SHARED_DIR when they sit elsewhere.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Compiled to dist/bench/support, the repository is one more level up.
const candidates = [path.resolve(repoRoot, '..', 'shared'), path.resolve(repoRoot, '..', '..', 'shared')];

/** The shared folder (corpus/, fixtures/); throws with a clear message when it cannot be found. */
export const SHARED_DIR: string = (() => {
  const found = process.env.GATEHOUSE_SHARED_DIR ?? candidates.find((c) => existsSync(path.join(c, 'corpus', 'cases.json')));
  if (!found) throw new Error(`shared corpus not found beside the repository (looked in ${candidates.join(', ')}); set GATEHOUSE_SHARED_DIR`);
  return found;
})();

/** The corpus workspace builder script. */
export const MAKE_WORKSPACE_SCRIPT = path.join(SHARED_DIR, 'corpus', 'make-workspace.sh');
/** Claude Code hook event fixtures. */
export const CLAUDE_FIXTURES_DIR = path.join(SHARED_DIR, 'fixtures', 'claude-code');
/** The public policy corpus. */
export const CORPUS_CASES_FILE = path.join(SHARED_DIR, 'corpus', 'cases.json');
