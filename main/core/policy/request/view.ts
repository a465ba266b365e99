// One reading of a request for the policy: its family, the paths it touches with their facts, its command or URL.
import { homedir } from 'node:os';
import path from 'node:path';
import type { ToolRequest } from '../../../../common/domain.js';
import type { ShellAnalysis } from '../../shell/types.js';
import type { PathFacts, WorkspaceState } from '../types.js';
import { type BashPathRef, bashPathRefs } from './bash-refs.js';
import { expandHome, toAbsolute } from '../paths.js';
import { commandFromArgv } from '../../shell/index.js';
import { type ShellTarget, type ToolFamily, fileTargets, shellTarget, toolFamily, webTarget } from './tools.js';
import { commandPrograms } from '../rules/shell-index.js';
import { sandboxOverride } from './sandbox-override.js';
import { patchPaths } from './patch-paths.js';

/** A path the request touches, with what the probe found (or a lexical stand-in when it was not probed). */
export interface FileRef {
  key: string;
  facts: PathFacts;
}

/** A shell path reference with its facts. */
export type ShellRef = BashPathRef & { facts: PathFacts };

/** Everything the rules, tiers and tamper guard look at, read once per evaluation. */
export interface RequestView {
  request: ToolRequest;
  tool: string;
  family: ToolFamily;
  /** Why the request cannot be judged (garbled arguments, unparsed command, probe failure); it can then only be asked. */
  problem: string | null;
  cwd: string;
  /** File tools: the paths named; other tools: path-like string arguments. */
  files: FileRef[];
  /** A glob that climbs out of its root. */
  climbs: boolean;
  /** Shell tools: the command, its analysis, the folder it runs in, the paths it names. */
  command: string | null;
  analysis: ShellAnalysis | null;
  shellCwd: string;
  shellRefs: ShellRef[];
  /** Shell tools: per command of the analysis, the program names the rule index looks up (deny, ask and allow each ask). */
  programs: string[][];
  url: string | null;
  /** Shell tools: the argument that runs the command outside the agent's own sandbox (sandbox-override.ts), or null. */
  sandboxOff: string | null;
  /** Every string leaf of the arguments (for tools whose shape Gatehouse does not know). */
  strings: string[];
}

/** Facts for a path nobody probed: normalized lexically, never counted as inside the workspace. */
export function lexicalFacts(key: string, cwd: string, home: string): PathFacts {
  const abs = toAbsolute(key, cwd, home);
  return { requested: abs, resolved: abs, insideWorkspace: false, gitInternal: false, ignored: false, inRepo: false };
}

const MAX_STRINGS = 500;

/** String leaves of an argument object, bounded so a huge payload cannot stall evaluation. */
export function stringLeaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (out.length >= MAX_STRINGS || depth > 8) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringLeaves(x, out, depth + 1);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stringLeaves(x, out, depth + 1);
  return out;
}

/** Strings in an unknown tool's arguments that look like file paths (`/x`, `~/x`, `./x`, `../x`). */
export function pathLikeStrings(strings: string[]): string[] {
  return strings.filter((s) => s.length < 4096 && !/[\n\r]/.test(s) && /^(\/|~($|\/)|\.\.?\/)/.test(s));
}

// Argument names that hold a file or folder (MCP filesystem servers' `path`, `source`, `destination`, `paths`).
const PATH_KEYS = /^(path|paths|file_?path|file_?paths|file|files|filename|source|destination|src|dest|target|from|to|dir|directory|dir_?path|old_?path|new_?path|root)$/i;

/**
 * The paths an unknown or MCP tool's arguments name: strings that look like paths anywhere, any string (or list of
 * strings) under a path-named key, relative ones too (`{path: ".git/hooks/pre-commit"}`), and the files a patch text
 * anywhere in them writes (apply_patch's `{command: "*** Begin Patch…"}`).
 */
export function argumentPaths(args: unknown): string[] {
  const named: string[] = stringLeaves(args).flatMap((s) => (s.includes('***') ? patchPaths(s) : []));
  if (typeof args === 'object' && args !== null && !Array.isArray(args)) {
    for (const [k, v] of Object.entries(args as Record<string, unknown>)) {
      if (!PATH_KEYS.test(k)) continue;
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x !== '' && x.length < 4096 && !/[\n\r]/.test(x) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(x)) named.push(x);
    }
  }
  return [...new Set([...pathLikeStrings(stringLeaves(args)), ...named])];
}

/** The folder a shell tool's command runs in (`dir_path`/`workdir` relative to the request's cwd). */
export function shellCwdOf(request: ToolRequest, cwd: string, home: string): string {
  const dir = shellTarget(request).dir;
  return dir === undefined ? cwd : path.resolve(cwd, expandHome(dir, home));
}

/** The command string a shell tool runs (Codex sends argv; `bash -lc SCRIPT` becomes SCRIPT). */
export function shellCommandText(t: ShellTarget): string {
  return t.argv ? commandFromArgv(t.argv) : t.command;
}

/** Builds the view; `analysis` is the shell analysis of a shell tool's command. */
export function buildView(request: ToolRequest, ws: WorkspaceState, analysis?: ShellAnalysis | null): RequestView {
  const cwd = ws.cwd;
  const tool = request.tool_name;
  const family = toolFamily(tool);
  const facts = (key: string): PathFacts => ws.paths.get(key) ?? lexicalFacts(key, cwd, ws.home);
  const view: RequestView = {
    request, tool, family, problem: ws.problem ?? null, cwd,
    files: [], climbs: false, command: null, analysis: null, shellCwd: cwd, shellRefs: [], programs: [], url: null, sandboxOff: null,
    strings: stringLeaves(request.args),
  };
  const flag = (p: string | undefined): void => {
    if (p !== undefined && view.problem === null) view.problem = p;
  };
  if (typeof request.args !== 'object' || request.args === null || Array.isArray(request.args)) flag(`${tool}: arguments are not an object`);
  else if (family === 'read' || family === 'write') {
    const t = fileTargets(request);
    flag(t.problem);
    // A read through a glob reads every file it expands to now (Grep's `glob: ".env"`).
    const expanded = (key: string): string[] => (family === 'read' ? ws.globMatches?.get(key) ?? [] : []);
    view.files = t.paths.flatMap((key) => [{ key, facts: facts(key) }, ...expanded(key).map((m) => ({ key: m, facts: facts(m) }))]);
    view.climbs = t.climbs;
  } else if (family === 'shell') {
    const t = shellTarget(request);
    flag(t.problem);
    view.shellCwd = shellCwdOf(request, cwd, ws.home);
    view.command = shellCommandText(t);
    view.sandboxOff = sandboxOverride(request.args);
    if (analysis) {
      view.analysis = analysis;
      view.programs = analysis.commands.map(commandPrograms);
      if (!analysis.parsed) flag('the command could not be parsed');
      // A program known only at run time: no mode, approve-all included, may allow what Gatehouse cannot read.
      flag(analysis.blockers.find((b) => b.undecidable)?.reason);
      // A glob word stands for every file it expands to now (`cat .e*` reads .env).
      for (const r of bashPathRefs(analysis, view.shellCwd, ws.home)) {
        view.shellRefs.push({ ...r, facts: facts(r.path) });
        for (const m of ws.globMatches?.get(r.path) ?? []) view.shellRefs.push({ ...r, path: m, facts: facts(m) });
      }
    } else flag('the command was not analysed');
  } else if (family === 'web') {
    const t = webTarget(request);
    flag(t.problem);
    view.url = t.url;
  } else {
    view.files = argumentPaths(request.args).map((key) => ({ key, facts: facts(key) }));
  }
  return view;
}

/** The paths the probe must look at for this request (keys of WorkspaceState.paths); `home` expands `~`. */
export function requestPaths(request: ToolRequest, analysis?: ShellAnalysis | null, home: string = homedir()): string[] {
  const family = toolFamily(request.tool_name);
  if (typeof request.args !== 'object' || request.args === null) return [];
  if (family === 'read' || family === 'write') return [...new Set(fileTargets(request).paths)];
  if (family === 'shell') {
    if (!analysis || request.cwd === null) return [];
    return [...new Set(bashPathRefs(analysis, shellCwdOf(request, request.cwd, home), home).map((r) => r.path))];
  }
  if (family === 'web') return [];
  return argumentPaths(request.args);
}
