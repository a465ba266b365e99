// Inputs of the pure policy function (DESIGN.md "Policy order").
import type { Mode, Rule, SessionApproval, ToolRequest } from '../../../common/domain.js';

/** What git and the filesystem say about one path the request touches, gathered before evaluation. */
export interface PathFacts {
  /** The path as the request named it, made absolute against cwd. */
  requested: string;
  /** After resolving symlinks and `..` (the deepest existing ancestor resolved, the rest appended). */
  resolved: string;
  /** Inside cwd, compared by path segments after resolution. */
  insideWorkspace: boolean;
  /** Inside `<cwd>/.git/`. */
  gitInternal: boolean;
  /** Ignored by git (fresh `git check-ignore` at evaluation time); false outside a repo. */
  ignored: boolean;
  /** Whether cwd is inside a git work tree at all. */
  inRepo: boolean;
  /** An existing folder (symlinks followed): a program that does not recurse cannot read it (`cat src/*`). */
  folder?: boolean;
  /** Nothing is there now: a file a program would load only if present (`bun test` and `.env`) is not read. */
  missing?: boolean;
  /** For a folder read recursively: the first path below it the tiers refuse (.git, gitignored, secret), if any. */
  holds?: string;
  /** For a folder searched recursively: a file below it the search reaches and a Read deny or ask rule covers, with that rule. */
  deniedBelow?: { path: string; rule: string };
}

/** Workspace state for one evaluation: facts for every path the request touches. */
export interface WorkspaceState {
  cwd: string;
  home: string;
  /** GATEHOUSE_HOME, protected from every tool call. */
  gatehouseHome: string;
  paths: Map<string, PathFacts>;
  /** cwd with symlinks resolved (what resolved paths are compared against); defaults to cwd. */
  realCwd?: string;
  /** home with symlinks resolved; defaults to home. */
  realHome?: string;
  /** The running Gatehouse's pid (from endpoint.json), so `kill <pid>` is recognised as stopping the guard. */
  gatehousePid?: number;
  /** The running Gatehouse's port (from endpoint.json): a read of a local server is never one of Gatehouse itself. */
  gatehousePort?: number;
  /** Agent configuration folders and files that are symbolic links, with where they lead (the real place is protected too). */
  configLinks?: Array<{ at: string; real: string }>;
  /**
   * Agent configuration locations the probe found absent (nothing there, or below something absent or a file): a
   * contained profile makes no mount point for an absent file (it would leave an empty one in the workspace).
   */
  configAbsent?: ReadonlySet<string>;
  /** Extra agent configuration folders to protect (`$CLAUDE_CONFIG_DIR`, `$CODEX_HOME`, `$GEMINI_CLI_HOME`). */
  agentConfigDirs?: string[];
  /** What a shell glob word (`.e*`, `src/*.pem`) expands to on disk now, by path key: the files bash would pass. */
  globMatches?: Map<string, string[]>;
  /**
   * Files and folders git runs code from beyond any `.git` folder: the hooks folder the configs name (`core.hooksPath`),
   * the repository's git directories wherever they lie, and the user's global git config; writing there is writing
   * git's code path.
   */
  gitCodePaths?: string[];
  /** Folders a git command of the line runs in where git opens a git directory found bare, not through a `.git` (bare-git-runs.ts). */
  bareGitRuns?: Array<{ folder: string; gitDir: string }>;
  /** Set when cwd is no project folder (project-folder.ts): why; then no path is inside the workspace. */
  noWorkspace?: string;
  /** The temp folder (resolved): a contained command may write there (main/core/sandbox/profile.ts). */
  tmpDir?: string;
  /** Where Gatehouse's own program lives: a contained command may not write there. */
  programDirs?: string[];
  /** Set when the probe could not gather facts (NUL byte in a path, git failed): the request can only be asked. */
  problem?: string;
}

/** Everything the policy needs, gathered up front so evaluation itself is pure. */
export interface PolicyInput {
  request: ToolRequest;
  rules: Rule[];
  sessionApprovals: SessionApproval[];
  mode: Mode;
  workspace: WorkspaceState;
  /** "Now" for rule expiry; injected so evaluation stays pure. */
  now: Date;
  /** The setting "contain instead of asking": a shell command no rule vouches for runs contained (main/core/sandbox). */
  containUnvouched?: boolean;
}
