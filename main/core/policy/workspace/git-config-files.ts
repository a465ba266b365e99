// Which config files git reads for a folder, found the way git finds them: the user's global configs, then the nearest
// `.git` at or above the folder (a folder, or a file naming the git directory as worktrees and submodules have one),
// that directory's common directory and its per-worktree config. A workspace may be a subfolder of its repository or a
// linked worktree; the repository's hooks and config are git's code path all the same.
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository a folder belongs to, as git would find it. */
export interface RepositoryConfig {
  /** The folder holding `.git`: relative hooks paths are taken from here. */
  workTree: string;
  /** The git directory (`.git`, or where a `.git` file points). */
  gitDir: string;
  /** Where the repository's shared config and hooks live: the main `.git` of a linked worktree, else gitDir. */
  commonDir: string;
  /** The repository's config files in the order git reads them (after the global ones), later ones winning. */
  files: string[];
  /** Found as a folder that is itself a git directory, not through a `.git` (whose name the tamper guard keeps). */
  bare: boolean;
}

/** The git directory a `.git` file names (`gitdir: ../.git/worktrees/x`), resolved against the folder holding it. */
export function gitdirOf(text: string, holder: string): string | undefined {
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return m ? path.resolve(holder, m[1]!) : undefined;
}

/** The user's git folder: `$XDG_CONFIG_HOME/git`, else `~/.config/git`. */
function userGitDir(home: string, env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME !== undefined && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(xdg, 'git');
}

/** The user's global config files, in the order git reads them (`$XDG_CONFIG_HOME/git/config`, then `~/.gitconfig`). */
export function globalConfigFiles(home: string, env: NodeJS.ProcessEnv): string[] {
  return [path.join(userGitDir(home, env), 'config'), path.join(home, '.gitconfig')];
}

/** The user's global attributes file (`core.attributesFile`'s default), whose diff and filter drivers run in every repository. */
export function globalAttributesFile(home: string, env: NodeJS.ProcessEnv): string {
  return path.join(userGitDir(home, env), 'attributes');
}

// Missing files are the common case here (a stat per folder level per request), so they are found without exceptions.
function kindOf(p: string): 'dir' | 'file' | undefined {
  try {
    const s = lstatSync(p, { throwIfNoEntry: false });
    return s?.isDirectory() ? 'dir' : s?.isFile() ? 'file' : undefined;
  } catch {
    return undefined; // not a folder on the way (ENOTDIR), or unreadable
  }
}

function readOr(file: string): string | undefined {
  if (kindOf(file) !== 'file') return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Whether a folder is itself a git directory as git's discovery tests it (is_git_directory): a HEAD, and objects/ and
 * refs/ folders (in the common directory a `commondir` file names). Git run there, or below, opens it as a bare repository.
 */
function isGitDirectory(d: string): boolean {
  let head: ReturnType<typeof lstatSync>;
  try {
    head = lstatSync(path.join(d, 'HEAD'), { throwIfNoEntry: false });
  } catch {
    return false; // not a folder on the way, or unreadable: git finds nothing there either
  }
  if (head === undefined) return false;
  const common = readOr(path.join(d, 'commondir'))?.trim();
  const shared = common ? path.resolve(d, common) : d;
  return kindOf(path.join(shared, 'objects')) === 'dir' && kindOf(path.join(shared, 'refs')) === 'dir';
}

/**
 * The repository `dir` (absolute, symlinks resolved) is in, or undefined outside any: at each level up, a `.git` there,
 * else the level itself when it is a git directory (`git clone --bare . x && cd x && git status` opens x), as git looks.
 */
export function findRepository(dir: string): RepositoryConfig | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const dotGit = path.join(d, '.git');
    const kind = kindOf(dotGit);
    const bare = kind === undefined && isGitDirectory(d);
    const gitDir = kind === 'dir' ? dotGit : kind === 'file' ? gitdirOf(readOr(dotGit) ?? '', d) : bare ? d : undefined;
    if (gitDir !== undefined) {
      const common = readOr(path.join(gitDir, 'commondir'))?.trim();
      const commonDir = common ? path.resolve(gitDir, common) : gitDir;
      return { workTree: d, gitDir, commonDir, files: [path.join(commonDir, 'config'), path.join(gitDir, 'config.worktree')], bare };
    }
    if (d === path.dirname(d)) return undefined;
  }
}
