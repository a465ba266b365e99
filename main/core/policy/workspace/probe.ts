// Gathers the facts the pure policy needs about each path a request touches, fresh on every call.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PathFacts, WorkspaceState } from '../types.js';
import { endpointStamp } from '../../endpoint/endpoint-stamp.js';
import { checkIgnored } from './git-ignore.js';
import { fnmatchRegex } from '../../shell/words/fnmatch.js';
import { treeHolds } from './tree-probe.js';
import { configLinks } from './config-links.js';
import { configLocations } from '../guard/protected.js';
import { gitCodePaths } from './hooks-path.js';
import { deniedBelow, type ReadDenials } from '../rules/denied-reads.js';
import type { Reach } from '../request/reach.js';
import { expandHome, isInside, isProcessView, relativeInside, unusablePath } from '../paths.js';
import { projectFolderProblem } from './project-folder.js';

/** Thrown when a path in the request cannot be judged at all (NUL byte, invalid Unicode, symlink loop). */
export class ProbeError extends Error {}

function code(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** realpath of `p`, or null when some part of it is missing (or unreadable, or not a folder); throws on a link loop. */
function realOrNull(p: string, abs: string): string | null {
  try {
    return realpathSync.native(p);
  } catch (e) {
    const c = code(e);
    if (c === 'ELOOP') throw new ProbeError(`${abs}: too many levels of symbolic links`);
    if (c !== 'ENOENT' && c !== 'ENOTDIR' && c !== 'EACCES' && c !== 'EPERM' && c !== 'ENAMETOOLONG') throw e;
    return null;
  }
}

/** One realpath lookup: the real path, or null when some part is missing (realOrNull's contract). */
type Lookup = (p: string, abs: string) => string | null;

/**
 * The lookups of one probe, each path asked once: a request's paths share their parents (the workspace, the home),
 * which every resolution below looks up again. Fresh per probe, so no answer outlives the request it was read for.
 */
function lookupOnce(): Lookup {
  const seen = new Map<string, string | null>();
  return (p, abs) => {
    let r = seen.get(p);
    if (r === undefined) {
      r = realOrNull(p, abs);
      seen.set(p, r);
    }
    return r;
  };
}

/**
 * Resolves symlinks and `..` the way the OS would: realpath of the deepest existing prefix of the
 * path AS WRITTEN (so `link/..` climbs from the link's target), then the missing rest appended.
 * The kernel walks a path part by part, so if a prefix resolves every shorter one does: the deepest one is found by
 * halving, in a number of lookups that grows with the log of the depth (`a/a/a/…` thousands deep stays cheap).
 */
export function resolvePhysical(abs: string, lookup: Lookup = realOrNull): string {
  const whole = lookup(abs, abs);
  if (whole !== null) return whole;
  const root = path.parse(abs).root || '/';
  const parts = abs.slice(root.length).split(/[\\/]+/).filter((s) => s !== '');
  const prefix = (n: number): string => root + parts.slice(0, n).join(path.sep);
  // Invariant: the first `lo` parts resolve (0: the root), the first `hi` do not.
  let lo = 0;
  let hi = parts.length;
  let real = lookup(root, abs) ?? root;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const r = lookup(prefix(mid), abs);
    if (r === null) hi = mid;
    else {
      lo = mid;
      real = r;
    }
  }
  return path.resolve(real, ...parts.slice(lo));
}

const GLOB = /[*?[]/;
const MAX_GLOB_MATCHES = 256;

/**
 * What bash would expand a glob path to, now: segment by segment against the directory listings
 * (`*` skips dot files unless the segment starts with a dot, as bash does; a trailing `/` keeps folders only).
 * Bounded; unmatched → [].
 */
export function expandGlobPath(abs: string): string[] {
  let current = [path.parse(abs).root || '/'];
  for (const seg of abs.split(/[\\/]+/).filter((s) => s !== '')) {
    if (!GLOB.test(seg)) {
      current = current.map((c) => path.join(c, seg));
      continue;
    }
    // bash's own matching: `*`, `?` and `[!…]` never match a leading dot; `[!.]`, ranges and classes as bash reads them.
    const re = fnmatchRegex(seg, { pathname: true, period: true });
    const isMatch = (n: string): boolean => re.test(n);
    const next: string[] = [];
    for (const dir of current) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue; // not a folder, or unreadable: bash would not expand there either
      }
      for (const n of names) if (next.length < MAX_GLOB_MATCHES && isMatch(n)) next.push(path.join(dir, n));
    }
    current = next;
  }
  const foldersOnly = abs.endsWith('/');
  return current.filter((p) => (foldersOnly ? isFolder(p) : existsSync(p)));
}

function isFolder(p: string): boolean {
  return statOrNull(p)?.isDirectory() === true;
}

/** What is at `p`, links followed; null when nothing is (or it cannot be read), as existsSync would say. */
function statOrNull(p: string): Stats | null {
  try {
    return statSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** Agent configuration folders named by environment variables, which the tamper guard also protects. */
export function agentConfigDirsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const xdg = env['XDG_CONFIG_HOME'];
  // OpenCode's user configuration is $XDG_CONFIG_HOME/opencode when that is set.
  const opencode = typeof xdg === 'string' && path.isAbsolute(xdg) ? [path.join(xdg, 'opencode')] : [];
  return ['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'GEMINI_CLI_HOME', 'QWEN_HOME', 'CLINE_DIR', 'COPILOT_HOME', 'OPENCODE_CONFIG_DIR']
    .map((k) => env[k])
    .filter((v): v is string => typeof v === 'string' && path.isAbsolute(v))
    .concat(opencode);
}

/** The running Gatehouse's pid and port, as endpoint.json names them (each undefined when it does not). */
interface EndpointFacts {
  pid: number | undefined;
  port: number | undefined;
}

function readEndpointFacts(file: string): EndpointFacts {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; url?: unknown };
    const pid = typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 ? v.pid : undefined;
    const port = typeof v.url === 'string' ? urlPort(v.url) : undefined;
    return { pid, port };
  } catch {
    return { pid: undefined, port: undefined }; // no running instance: nothing to protect by pid or port
  }
}

function urlPort(url: string): number | undefined {
  try {
    const u = new URL(url);
    return u.port === '' ? (u.protocol === 'https:' ? 443 : 80) : Number(u.port);
  } catch {
    return undefined;
  }
}

// endpoint.json is re-read only when it changes (a stat per evaluation, not a read and a JSON parse).
const endpointCache = new Map<string, { stamp: string; facts: EndpointFacts }>();

function endpointFacts(gatehouseHome: string): EndpointFacts {
  const file = path.join(gatehouseHome, 'endpoint.json');
  const stamp = endpointStamp(gatehouseHome);
  if (stamp === undefined) return { pid: undefined, port: undefined }; // no running instance to protect
  const known = endpointCache.get(file);
  if (known?.stamp === stamp) return known.facts;
  const facts = readEndpointFacts(file);
  endpointCache.set(file, { stamp, facts });
  return facts;
}

/**
 * Why the agent's `cwd` (as given, or where its links lead) cannot be a workspace for a person whose home is `home`,
 * or null for a project folder: project-folder.ts judges, this gathers the resolved home and temp folders it needs.
 */
export function workspaceProblem(cwd: string, home: string, physical: (p: string) => string = resolvePhysical): string | null {
  const ctx = { homes: [home, physical(home)], temps: [tmpdir(), physical(tmpdir())] };
  return projectFolderProblem(cwd, ctx) ?? (path.isAbsolute(cwd) ? projectFolderProblem(physical(cwd), ctx) : null);
}

/** Options for probeWorkspace. */
export interface ProbeOptions {
  /** Which of `paths` need git's ignore answer (default: all). Shell arguments skip git to stay fast. */
  ignoreFor?: ReadonlySet<string>;
  /** Environment to read agent config folders from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * Which of `paths` are read recursively (`grep -r`, `tar -c`, find feeding a reader), each with the files it picks
   * (null: all): what lies below them is checked.
   */
  recursiveFor?: ReadonlyMap<string, ((path: string) => boolean) | null>;
  /** Which of the recursive reads follow the links they meet below the folder (`diff -r`, `zip -r`, `find -L`). */
  followsLinksBelow?: ReadonlySet<string>;
  /** The request's Read deny and ask rules, and the folders searched recursively with how (only when such rules exist). */
  deniedReads?: { denials: ReadDenials; searched: ReadonlyMap<string, Reach> };
}

/**
 * Facts for every path (as the request spelled it; relative to cwd) in one git call.
 * Threat: symlinks and `..` that lead out of the workspace, `/proc/self/root` views, prefix-twin
 * folders (`/ws-evil`), and stale ignore answers — all resolved here, fresh, before the pure policy runs.
 */
export async function probeWorkspace(
  cwd: string,
  home: string,
  gatehouseHome: string,
  paths: readonly string[],
  opts: ProbeOptions = {},
): Promise<WorkspaceState> {
  if (!path.isAbsolute(cwd)) throw new ProbeError(`working directory "${cwd}" is not absolute`);
  const lookup = lookupOnce();
  const physical = (p: string): string => resolvePhysical(p, lookup);
  const realCwd = physical(cwd);
  const state: WorkspaceState = {
    cwd,
    home,
    gatehouseHome,
    paths: new Map(),
    realCwd,
    realHome: physical(home),
    agentConfigDirs: agentConfigDirsFromEnv(opts.env ?? process.env),
  };
  // A cwd that is no project folder (the home, `/`) has no inside: ~/.bashrc must not read as a workspace file.
  const notProject = workspaceProblem(cwd, home, physical);
  if (notProject !== null) state.noWorkspace = `the working directory ${cwd} ${notProject}, so nothing counts as inside a workspace`;
  const absent = new Set<string>();
  state.configLinks = configLinks(configLocations(state), physical, absent);
  state.configAbsent = absent;
  const { pid, port } = endpointFacts(gatehouseHome);
  if (pid !== undefined) state.gatehousePid = pid;
  if (port !== undefined) state.gatehousePort = port;
  if (paths.length > 0) state.gitCodePaths = gitCodePaths(realCwd, state.realHome ?? home, opts.env ?? process.env);

  const all = new Set(paths);
  const gitToo = new Set<string>(); // expansions of glob words that need git's answer
  // Glob words bash replaces by what they match and that name no file themselves: git is not asked about the word. A
  // file that is the word (`[ab]` beside `a`) is still asked about: should the matches go, bash passes the word as it is.
  const expandedAway = new Set<string>();
  for (const p of paths) {
    if (!GLOB.test(p) || unusablePath(p)) continue;
    const expanded = expandHome(p, home);
    const abs = path.isAbsolute(expanded) ? expanded : path.join(cwd, expanded);
    const matches = expandGlobPath(abs);
    (state.globMatches ??= new Map()).set(p, matches);
    for (const m of matches) all.add(m);
    if (opts.ignoreFor?.has(p)) for (const m of matches) gitToo.add(m);
    if (matches.length > 0 && !existsSync(abs)) expandedAway.add(p);
  }
  const askGit: PathFacts[] = [];
  for (const p of all) {
    const problem = unusablePath(p);
    if (problem) throw new ProbeError(`${JSON.stringify(p.replace(/\0/g, '\\0'))}: ${problem}`);
    const expanded = expandHome(p, home);
    const raw = path.isAbsolute(expanded) ? expanded : `${cwd}${path.sep}${expanded}`;
    const requested = path.resolve(raw);
    const view = isProcessView(requested) || isProcessView(raw);
    const resolved = view ? requested : physical(raw);
    const inside = notProject === null && !view && !isProcessView(resolved) && isInside(resolved, realCwd);
    const rel = inside ? relativeInside(resolved, realCwd) ?? '' : '';
    const facts: PathFacts = {
      requested,
      resolved,
      insideWorkspace: inside,
      gitInternal: inside && rel.toLowerCase().split('/').includes('.git'),
      ignored: false,
      inRepo: false,
      folder: false,
    };
    if (!view) {
      const st = statOrNull(resolved);
      facts.folder = st?.isDirectory() === true;
      if (st === null) facts.missing = true;
    }
    state.paths.set(p, facts);
    if (inside && !facts.gitInternal && !expandedAway.has(p) && (opts.ignoreFor === undefined || opts.ignoreFor.has(p) || gitToo.has(p))) askGit.push(facts);
  }
  const recursive = [...(opts.recursiveFor ?? [])].flatMap(([p, f]) => [[p, f] as const, ...(state.globMatches?.get(p) ?? []).map((m) => [m, f] as const)]);
  for (const [p, filter] of recursive) {
    const facts = state.paths.get(p);
    if (!facts?.folder || !facts.insideWorkspace) continue;
    // The filter sees paths as the command spells them (below the folder as named, before symlinks resolve).
    const picks = filter === null ? null : (q: string): boolean => filter(facts.requested + q.slice(facts.resolved.length));
    const holds = await treeHolds(facts.resolved, realCwd, picks, opts.followsLinksBelow?.has(p) === true);
    if (holds !== null) facts.holds = holds;
  }
  for (const [p, reach] of opts.deniedReads?.searched ?? []) {
    if (reach.unlessAllExist?.every((w) => existsSync(w))) continue;
    for (const q of [p, ...(state.globMatches?.get(p) ?? [])]) {
      const facts = state.paths.get(q);
      if (!facts?.folder) continue;
      const hit = await deniedBelow(facts.resolved, facts.requested, facts.insideWorkspace ? reach : { ...reach, skipsIgnored: false }, opts.deniedReads!.denials, realCwd);
      if (hit !== null) facts.deniedBelow = hit;
    }
  }
  if (askGit.length > 0) {
    const answer = await checkIgnored(realCwd, [...new Set(askGit.map((f) => f.resolved))]);
    for (const f of askGit) {
      f.inRepo = answer.inRepo;
      f.ignored = answer.ignored.has(f.resolved);
    }
  }
  return state;
}
