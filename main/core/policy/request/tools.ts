// What each agent tool is (shell, read-only file tool, file writer, web, MCP) and which paths it touches.
// Tool names and argument shapes follow PROTOCOLS.md (Claude Code 2.x, Gemini CLI 0.x, Codex CLI 0.x).
import picomatch from 'picomatch';
import type { ToolRequest } from '../../../../common/domain.js';
import path from 'node:path';
import { rootGlobSpellings } from '../../shell/index.js';
import { ripgrepGlobFilter } from '../../shell/words/fnmatch.js';
import { expandHome } from '../paths.js';
import type { Reach } from './reach.js';

/** The tool of a contained command's connection to a host no rule allowed: args `{host, port}` (main/core/sandbox). */
export const NETWORK_TOOL = 'Network';

/** The families the policy treats alike: `Read(...)` covers every read tool, `Edit(...)` every writer. */
export type ToolFamily = 'shell' | 'read' | 'write' | 'web' | 'mcp' | 'other';

const SHELL_TOOLS = new Set(['Bash', 'run_shell_command', 'shell', 'local_shell', 'exec_command']);
const READ_TOOLS = new Set([
  'Read', 'Glob', 'Grep', 'LS', 'NotebookRead',
  'read_file', 'read_many_files', 'glob', 'search_file_content', 'list_directory',
]);
const WRITE_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit', 'write_file', 'replace']);

/** The family of a tool name, so rules and tiers can treat Claude, Gemini and Codex tools alike. */
export function toolFamily(tool: string): ToolFamily {
  if (SHELL_TOOLS.has(tool)) return 'shell';
  if (READ_TOOLS.has(tool)) return 'read';
  if (WRITE_TOOLS.has(tool)) return 'write';
  if (tool === 'WebFetch' || tool === NETWORK_TOOL) return 'web';
  if (tool.startsWith('mcp__') || tool.startsWith('mcp_')) return 'mcp';
  return 'other';
}

/** Whether a rule naming `ruleTool` (e.g. `Read`, `Edit`, `Bash`) covers a call of `tool` (of family `family`). */
export function ruleToolCovers(ruleTool: string, tool: string, family: ToolFamily = toolFamily(tool)): boolean {
  if (ruleTool === tool) return true;
  if (ruleTool === 'Read') return family === 'read';
  if (ruleTool === 'Edit') return family === 'write';
  if (ruleTool === 'Bash') return family === 'shell';
  return false;
}

/** The file paths a file tool touches, as the request spells them (relative ones are relative to cwd). */
export interface FileTargets {
  paths: string[];
  /** A glob that climbs out of its root (`../**`): the tiers cannot vouch for what it reaches. */
  climbs: boolean;
  /** Set when the arguments are unusable (missing or mistyped path). */
  problem?: string;
}

type Args = Record<string, unknown>;

/**
 * Every one of `names` the call sets, once each: when a call carries two path fields (`file_path` and `absolute_path`),
 * which one the agent uses is its own business, so each is judged. Threat: `read_file {file_path: ~/.ssh/id_rsa,
 * absolute_path: src/app.ts}` judged by the harmless one.
 */
function all(args: Args, tool: string, ...names: string[]): Array<string | Error> {
  const out: Array<string | Error> = [];
  for (const n of names) {
    const v = args[n];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return [new Error(`${tool}: ${n} must be a string`)];
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** Every path field of `names` the call sets; an error when none is or one is empty. */
function required(args: Args, tool: string, ...names: string[]): Array<string | Error> {
  const vs = all(args, tool, ...names);
  if (vs.length === 0) return [new Error(`${tool}: ${names[0]} is missing`)];
  if (vs.includes('')) return [new Error(`${tool}: ${names[0]} is empty`)];
  return vs;
}

// The fields a search or listing tool takes its folder from (Claude's `path`, Gemini's `dir_path`, a `cwd` some send).
const ROOT_FIELDS = ['path', 'dir_path', 'directory', 'cwd'];

/** The folders a search or listing tool runs in (`.` when none is set). */
function roots(args: Args, tool: string): Array<string | Error> {
  const vs = all(args, tool, ...ROOT_FIELDS);
  return vs.length === 0 ? ['.'] : vs;
}

function climbs(glob: string): boolean {
  return glob.split(/[\\/]+/).includes('..');
}

/** The directory a glob starts from (`src` for `src/**\/*.ts`), joined to the search root. */
function globRoot(root: string, glob: string): string {
  const base = picomatch.scan(glob).base;
  if (base === '') return root;
  if (base.startsWith('/') || base.startsWith('~')) return base;
  return root === '.' ? base : `${root}/${base}`;
}

/**
 * Where a search's file glob picks files: its folder (`secrets` for `secrets/**`) and the glob itself at the root
 * (`.env`, `*.log`), whose matches the probe lists. ripgrep's --glob overrides its ignore rules, so a glob can pick
 * gitignored files the search would otherwise skip. Threat: Grep `{path: ".", glob: ".env"}` reads the secrets file.
 */
function searchGlobPaths(root: string, glob: string | undefined): string[] {
  if (glob === undefined || glob.startsWith('!') || climbs(glob)) return [];
  return [globRoot(root, glob), ...rootGlobSpellings(glob).map((g) => (root === '.' ? g : `${root}/${g}`))];
}

function fromList(values: Array<string | undefined | Error>, globs: string[] = []): FileTargets {
  const paths: string[] = [];
  for (const v of values) {
    if (v instanceof Error) return { paths: [], climbs: false, problem: v.message };
    if (v !== undefined) paths.push(v);
  }
  return { paths, climbs: globs.some(climbs) };
}

function stringList(args: Args, tool: string, name: string): string[] | Error {
  const v = args[name];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return new Error(`${tool}: ${name} must be a list of strings`);
  return v as string[];
}

/** The paths a read or write file tool touches; `problem` when its arguments cannot be used. */
export function fileTargets(request: ToolRequest): FileTargets {
  const { tool_name: tool, args } = request;
  switch (tool) {
    case 'Read':
    case 'Edit':
    case 'MultiEdit':
    case 'Write':
    case 'write_file':
    case 'replace':
      return fromList(required(args, tool, 'file_path', 'absolute_path', 'path'));
    case 'read_file':
      return fromList(required(args, tool, 'file_path', 'absolute_path', 'path'));
    case 'NotebookRead':
    case 'NotebookEdit':
      return fromList(required(args, tool, 'notebook_path'));
    case 'LS':
    case 'list_directory':
      return fromList(roots(args, tool));
    case 'Glob':
    case 'glob': {
      const pattern = required(args, tool, 'pattern')[0]!;
      const rs = roots(args, tool);
      const bad = [pattern, ...rs].find((x) => x instanceof Error);
      if (bad !== undefined || pattern instanceof Error) return fromList([bad ?? pattern]);
      return fromList(rs.flatMap((root) => [root, globRoot(root as string, pattern)]), [pattern]);
    }
    case 'Grep':
    case 'search_file_content': {
      const rs = roots(args, tool);
      const globs = all(args, tool, 'glob', 'include');
      const bad = [...rs, ...globs].find((x) => x instanceof Error);
      if (bad !== undefined) return fromList([bad]);
      const paths = rs.flatMap((root) => [root as string, ...globs.flatMap((g) => searchGlobPaths(root as string, g as string))]);
      return fromList(paths, globs as string[]);
    }
    case 'read_many_files': {
      const paths = stringList(args, tool, 'paths');
      const include = stringList(args, tool, 'include');
      if (paths instanceof Error || include instanceof Error) return fromList([paths instanceof Error ? paths : (include as Error)]);
      if (paths.length === 0 && include.length === 0) return fromList([new Error(`${tool}: paths is missing`)]);
      const globs = [...paths, ...include];
      return fromList(globs.map((g) => globRoot('.', g)), globs);
    }
    default:
      return { paths: [], climbs: false, problem: `${tool} is not a file tool` };
  }
}

/** The shell command a shell tool runs, and the directory it runs in when the tool names one. */
export interface ShellTarget {
  command: string;
  /** `dir_path`/`workdir` when the tool sets one (relative to the request's cwd). */
  dir?: string;
  /** Codex's argv form, when the tool sent one. */
  argv?: string[];
  problem?: string;
}

/** The working-directory field of each shell tool that has one (Gemini's dir_path, Codex's workdir and working_directory). */
const DIR_FIELDS: Record<string, readonly string[]> = {
  run_shell_command: ['dir_path', 'directory'],
  shell: ['workdir'],
  local_shell: ['working_directory', 'workdir'],
  exec_command: ['workdir'],
};

/** The working-directory field of the Bash call another agent's shell tool became (Gemini's and Qwen's dir_path, OpenCode's workdir, Cursor's working_directory). */
const BASH_DIR_FIELDS: Record<string, readonly string[]> = { 'gemini-cli': DIR_FIELDS['run_shell_command']!, 'qwen-code': DIR_FIELDS['run_shell_command']!, opencode: ['workdir'], cursor: ['working_directory'] };

/** The working-directory fields of a call: its tool's, and those of the Bash call another agent's shell tool became. */
function dirFields(request: ToolRequest): readonly string[] {
  if (request.tool_name === 'Bash' && Object.hasOwn(BASH_DIR_FIELDS, request.agent)) return BASH_DIR_FIELDS[request.agent]!;
  return DIR_FIELDS[request.tool_name] ?? [];
}

/** Reads the command of a Bash / run_shell_command / Codex shell call. */
export function shellTarget(request: ToolRequest): ShellTarget {
  const { tool_name: tool, args } = request;
  // Only the field the tool has moves where its command runs (Claude Code's Bash has none): any other is ignored. Two
  // different folders in its fields: which one the agent runs in is not known, so the call cannot be judged.
  const dirs = all(args, tool, ...dirFields(request));
  if (dirs.length > 1) return { command: '', problem: `${tool}: ${dirs.some((d) => d instanceof Error) ? 'a working directory is not a string' : 'two working directories are given'}` };
  const dir = dirs[0];
  if (dir instanceof Error) return { command: '', problem: dir.message };
  const raw = args['command'] ?? args['cmd'];
  const withDir = (t: ShellTarget): ShellTarget => (dir === undefined ? t : { ...t, dir });
  if (typeof raw === 'string') return withDir({ command: raw });
  // Only Codex's tools send argv; a Claude or Gemini call with a list is garbled, not a command.
  const argvTool = tool !== 'Bash' && tool !== 'run_shell_command';
  if (argvTool && Array.isArray(raw) && raw.length > 0 && raw.every((x) => typeof x === 'string')) {
    return withDir({ command: '', argv: raw as string[] });
  }
  return { command: '', problem: `${tool}: command is missing or not a string` };
}

/** The URL a WebFetch call fetches. */
export function webTarget(request: ToolRequest): { url: string; problem?: string } {
  if (request.tool_name === NETWORK_TOOL) return networkTarget(request.args);
  const url = request.args['url'];
  return typeof url === 'string' && url !== '' ? { url } : { url: '', problem: `${request.tool_name}: url is missing` };
}

/**
 * Whether a search or read tool was told to stop skipping what .gitignore or its default excludes hide (Gemini's
 * `respect_git_ignore: false`, `file_filtering_options`, `useDefaultExcludes: false` which reads .git, a `no_ignore`
 * switch), as a boolean or its text: its recursion then reaches files the tiers would ask about.
 */
export function ignoreFilesOff(args: Record<string, unknown>): boolean {
  const opts = args['file_filtering_options'];
  const nested = typeof opts === 'object' && opts !== null ? (opts as Record<string, unknown>) : {};
  const is = (v: unknown, b: boolean): boolean => v === b || v === String(b);
  const respects = [args['respect_git_ignore'], args['respectGitIgnore'], nested['respect_git_ignore'], args['useDefaultExcludes'], args['use_default_excludes']];
  return respects.some((v) => is(v, false)) || is(args['no_ignore'], true) || is(args['hidden'], true);
}

/**
 * The folder a Grep tool call searches, as the request spells it: ripgrep skips what git ignores, but not hidden files
 * (the tool passes --hidden). Looked through only under Read deny or ask rules.
 */
export function searchToolFolders(request: ToolRequest): Map<string, Reach> {
  if (request.tool_name !== 'Grep' && request.tool_name !== 'search_file_content') return new Map();
  const rs = roots(request.args, request.tool_name).filter((r): r is string => typeof r === 'string');
  return new Map(rs.map((root) => [root, { picks: null, skipsIgnored: true, skipsHidden: false }]));
}

/**
 * A search tool's glob (Grep's `glob`, Gemini's `include`) overrides ripgrep's ignore rules, so what it picks below the
 * search root is judged by the tiers: the root's key with a test on the files the glob picks.
 * Threat: Grep `{glob: "**\/*.pem"}` or `{glob: "{.env,x}"}` reads secrets/key.pem and .env.
 */
export function searchToolRecursion(request: ToolRequest, cwd: string, home: string): Map<string, (p: string) => boolean> {
  const out = new Map<string, (p: string) => boolean>();
  if (request.tool_name !== 'Grep' && request.tool_name !== 'search_file_content') return out;
  const args = request.args;
  const globs = all(args, request.tool_name, 'glob', 'include').filter((g): g is string => typeof g === 'string' && !g.startsWith('!'));
  for (const root of roots(args, request.tool_name)) {
    if (typeof root !== 'string' || globs.length === 0) continue;
    const abs = path.resolve(cwd, expandHome(root, home));
    const filters = globs.map((g) => ripgrepGlobFilter(g, abs));
    out.set(root, (p) => filters.some((f) => f(p)));
  }
  return out;
}

/** A contained command's connection as the URL domain rules judge: `https://host/` (the port is shown, not matched). */
function networkTarget(args: Record<string, unknown>): { url: string; problem?: string } {
  const host = args['host'];
  if (typeof host !== 'string' || host === '' || /[/\\@\s?#]/.test(host)) return { url: '', problem: 'Network: host is missing or not a bare host name' };
  return { url: `https://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/` };
}
