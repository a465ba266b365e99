// `find . -name '*.pyc' -delete` at the workspace root: find acts only on what its tests select, so a deleter run from
// a folder that holds the workspace's own `.claude`, `.gemini` or `.codex` spares them when no name test can select
// their folders, files or policy files. Anything else a deleting find could reach below its start (GATEHOUSE_HOME, the
// home folder's configuration, the Gatehouse program outside the workspace) is never spared here.
import path from 'node:path';
import { findNarrowing } from '../../shell/checks/find-primaries.js';
import { fnmatchRegex } from '../../shell/words/fnmatch.js';
import { isInside } from '../paths.js';
import { configNames, ownConfigRoot, type ProtectedSet } from './protected.js';

/** find's tests that select by something other than a plain name (or that this reading does not model). */
const OTHER_SELECTORS = /^-(i?path|i?wholename|i?regex|i?lname|samefile|inum|links|newer|anewer|cnewer|context)$/;

/** A name test, and whether it can match some name with a given ending. */
interface NameTest {
  matches(name: string): boolean;
  mayEndWith(ending: string): boolean;
}

/**
 * Whether a name `pattern` matches can end with `ending`: its tokens after the last `*`, read from the end, agree with
 * the ending's last characters (a pattern with a backslash, or a bracket it cannot read, may end with anything).
 */
function mayEndWith(pattern: string, ending: string, nocase: boolean): boolean {
  if (pattern.includes('\\')) return true;
  let at = pattern.length;
  for (let k = ending.length - 1; k >= 0; k--) {
    if (at === 0) return false; // the whole name is shorter than the ending
    const c = pattern[at - 1]!;
    if (c === '*') return true;
    let token = c;
    if (c === ']') {
      const open = pattern.lastIndexOf('[', at - 2);
      if (open === -1) return true;
      token = pattern.slice(open, at);
    }
    if (!fnmatchRegex(token, { nocase }).test(ending[k]!)) return false;
    at -= token.length;
  }
  return true; // the ending is used up: a longer name can still end with it
}

function nameTest(pattern: string, nocase: boolean): NameTest {
  const re = fnmatchRegex(pattern, { nocase });
  return { matches: (name) => re.test(name), mayEndWith: (ending) => mayEndWith(pattern, ending, nocase) };
}

/** The -name/-iname tests that narrow a find's action, when nothing else can select what it acts on; else null. */
function nameTests(argv: readonly string[]): NameTest[] | null {
  const narrowing = findNarrowing(argv);
  if (narrowing === null || narrowing.words.some((w) => OTHER_SELECTORS.test(w))) return null;
  return narrowing.tests.map((t) => nameTest(t.pattern, t.nocase));
}

/**
 * Whether a deleting or moving `find` started at `start` (absolute) spares every agent configuration below it: `start`
 * lies in the workspace, only the workspace's own agent folders are below it, and its name tests select none of their
 * names. Threat: `find . -name '*.json' -delete`, `find . -name '.c*' -exec rm -rf {} +` at the workspace root.
 */
export function findSparesConfig(argv: readonly string[], start: string, ps: ProtectedSet): boolean {
  const inWorkspace = (p: string) => ps.workspaces.some((w) => isInside(p, w, ps.fold));
  if (!inWorkspace(start)) return false;
  const below = (p: string) => isInside(p, start, ps.fold);
  if (ps.gatehouseHomes.some(below) || ps.explicitConfigDirs.some(below)) return false;
  // A configuration folder below the start that is not the workspace's own (the home folder's, with the workspace there).
  if (ps.configRoots.some((r) => below(r) && !ps.workspaces.some((w) => ownConfigRoot(r, w)))) return false;
  const tests = nameTests(argv);
  if (tests === null || tests.length === 0) return false;
  const { names, endings } = configNames();
  const selects = (name: string) => tests.every((t) => t.matches(name));
  // The start point is tested too, under the name it is given as (`.`) or its own.
  return ![...names, '.', '..', path.basename(start)].some(selects) && !endings.some((e) => tests.every((t) => t.mayEndWith(e)));
}
