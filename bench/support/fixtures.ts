// Where the tests' and benches' fixtures live: in this repository (test/fixtures), so a fresh clone needs nothing
// beside it. The shared corpus beside the repository (../shared, or GATEHOUSE_SHARED_DIR) is an extra set, run when present.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// From bench/support in the sources, or dist/bench/support when compiled.
const repoRoot = [path.resolve(here, '..', '..'), path.resolve(here, '..', '..', '..')].find((d) =>
  existsSync(path.join(d, 'test', 'fixtures', 'make-workspace.sh')),
) ?? path.resolve(here, '..', '..');

/** The fixture workspace builder (prints the workspace path). */
export const MAKE_WORKSPACE_SCRIPT = path.join(repoRoot, 'test', 'fixtures', 'make-workspace.sh');
/** Claude Code hook events, one per tool and event. */
export const CLAUDE_FIXTURES_DIR = path.join(repoRoot, 'test', 'fixtures', 'claude-code');
/** Our own policy corpus. */
export const OWN_CORPUS_FILE = path.join(repoRoot, 'test', 'corpus-extra.json');

/** A file of the shared corpus beside the repository (../shared, or GATEHOUSE_SHARED_DIR), or null when there is none. */
function sharedCorpusFile(name: string): string | null {
  const dirs = process.env.GATEHOUSE_SHARED_DIR ? [process.env.GATEHOUSE_SHARED_DIR] : [path.resolve(repoRoot, '..', 'shared'), path.resolve(repoRoot, '..', '..', 'shared')];
  return dirs.map((d) => path.join(d, 'corpus', name)).find((f) => existsSync(f)) ?? null;
}

/** The shared policy cases beside the repository, or null when there is none (a fresh clone). */
export const SHARED_CORPUS_FILE = sharedCorpusFile('cases.json');
/** Real agent calls, labelled, beside the repository (a measurement set), or null when there is none. */
export const REAL_SAMPLE_FILE = sharedCorpusFile('real-sample.json');
