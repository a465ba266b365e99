// Which files and folders the agents must never touch: Gatehouse's own home and the agents' hook/permission config.
import path from 'node:path';
import type { WorkspaceState } from '../types.js';
import { FOLD_CASE_DEFAULT, isInside, relativeInside, segments } from '../paths.js';
import { OWN_INSTALL } from './own-install.js';

/** System-wide (managed) agent settings folders. */
const SYSTEM_CONFIG_DIRS = [
  '/etc/claude-code',
  '/Library/Application Support/ClaudeCode',
  '/etc/gemini-cli',
  '/Library/Application Support/GeminiCli',
  '/etc/codex',
];
const AGENT_DIRS: Record<string, string> = {
  '.claude': 'Claude Code', '.gemini': 'Gemini CLI', '.codex': 'Codex', '.cursor': 'Cursor', '.qwen': 'Qwen Code', '.clinerules': 'Cline', '.cline': 'Cline',
  '.opencode': 'OpenCode', '.copilot': 'Copilot CLI',
};
/** Per agent folder: the files and sub-folders that hold hooks or permissions. */
const AGENT_CONFIG: Record<string, { files: string[]; dirs: string[] }> = {
  // Hook scripts conventionally live in .claude/hooks/ (settings name them: "$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh").
  '.claude': { files: ['settings.json', 'settings.local.json', 'managed-settings.json'], dirs: ['hooks'] },
  '.gemini': { files: ['settings.json'], dirs: ['policies'] },
  '.codex': { files: ['hooks.json', 'config.toml'], dirs: ['rules'] },
  // Cursor runs .cursor/hooks.json's commands (scripts kept in .cursor/hooks/) on every shell call and file read, and
  // starts .cursor/mcp.json's servers; its rules (.cursor/rules/*.mdc) are prompts, which agents write freely.
  '.cursor': { files: ['hooks.json', 'mcp.json', 'cli.json'], dirs: ['hooks'] },
  // Qwen Code keeps hooks, permissions and MCP servers in settings.json; Cline runs every script in a hooks/ folder
  // (.clinerules/hooks in a project, ~/.cline/hooks for the user) on every tool call.
  '.qwen': { files: ['settings.json'], dirs: [] },
  '.clinerules': { files: [], dirs: ['hooks'] },
  '.cline': { files: [], dirs: ['hooks'] },
  // OpenCode loads every plugin in a config folder's plugins/ (plugin/ too) and the plugins its opencode.json(c) lists:
  // each one's tool.execute.before runs beside Gatehouse's and may rewrite the arguments it approved. Copilot CLI keeps
  // hooks in settings.json and ~/.copilot/hooks/*.json, MCP servers in mcp-config.json, trusted folders in config.json.
  '.opencode': { files: ['opencode.json', 'opencode.jsonc'], dirs: ['plugins', 'plugin'] },
  '.copilot': { files: ['settings.json', 'config.json', 'mcp-config.json'], dirs: ['hooks'] },
};
/**
 * Folders that hold an agent's hooks without being its configuration folder: a repository's .github/hooks/*.json
 * (Copilot CLI runs every file there), below the workspace and home as the folders above are.
 */
const HOOK_FOLDERS: Record<string, { label: string; dir: string }> = { '.github': { label: 'Copilot CLI', dir: 'hooks' } };
/**
 * Agent configuration at a fixed place below home, whole (`all`) or its named files and folders: Cline runs every hook
 * in ~/Documents/Cline/Hooks; OpenCode's user config is ~/.config/opencode (or $XDG_CONFIG_HOME/opencode, from the env).
 */
const HOME_CONFIG: ReadonlyArray<{ rel: string; label: string; files: string[]; dirs: string[]; all?: boolean }> = [
  { rel: 'Documents/Cline/Hooks', label: 'Cline', files: [], dirs: [], all: true },
  { rel: '.config/opencode', label: 'OpenCode', files: ['opencode.json', 'opencode.jsonc', 'config.json'], dirs: ['plugins', 'plugin'] },
];
/** The file names the agents read inside their policy folders (`.gemini/policies/*.toml`, `.codex/rules/*.rules`). */
const CONFIG_SUBDIR_FILES: Record<string, string> = { policies: '.toml', rules: '.rules' };
/**
 * Agent configuration files that are configuration wherever they sit, outside any agent folder: Claude Code's state
 * (MCP servers, project trust) and a project's `.mcp.json`, whose servers it starts (Gatehouse's mcp-proxy wraps them
 * there); OpenCode's project opencode.json(c), with its permissions, plugins and MCP servers.
 */
const STANDALONE_CONFIG: Record<string, string> = {
  '.claude.json': 'Claude Code .claude.json',
  '.mcp.json': 'Claude Code .mcp.json',
  'opencode.json': 'OpenCode opencode.json',
  'opencode.jsonc': 'OpenCode opencode.jsonc',
};
const GUARD_PROGRAM = /^gatehouse(\.js|\.cmd|\.mjs|\.exe)?$/i;
/**
 * The rest of the program, every file of it: an installed package or folder named for it (`node_modules/gatehouse/…`,
 * `/opt/gatehouse/…`, `Gatehouse.app/…`, its dist/, bin/, package.json and node_modules) and a built copy's hook and core.
 */
const GUARD_CODE = /(^|\/)(gatehouse|gatehouse\.app)(\/|$)|(^|\/)(dist\/hook\.c?js$|dist\/main\/core(\/|$))/i;
const CONFIG_FILES = new Set([...Object.values(AGENT_CONFIG), ...HOME_CONFIG].flatMap((c) => c.files));
const CONFIG_SUBDIRS = new Set([...Object.values(AGENT_CONFIG), ...HOME_CONFIG].flatMap((c) => c.dirs));

const escape = (t: string): string => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/**
 * Program text (`python3 -c …`, a heredoc) that names an agent's configuration folder, or a hook or permission file or
 * folder in it, from the tables above: `.claude/settings.json`, `.opencode/plugins`, `.github/hooks`, `Documents/Cline/Hooks`.
 */
export const CONFIG_IN_CODE = new RegExp(
  `(${Object.keys(AGENT_DIRS).map(escape).join('|')})(/(${[...CONFIG_FILES, ...CONFIG_SUBDIRS].map(escape).join('|')})|['"\`)\\s]|$)` +
    `|${Object.entries(HOOK_FOLDERS).map(([d, f]) => escape(`${d}/${f.dir}`)).join('|')}|${HOME_CONFIG.map((c) => escape(c.rel)).join('|')}` +
    `|(^|[/'"\s])(${Object.keys(STANDALONE_CONFIG).map(escape).join('|')})(['"\`)\s]|$)`,
);

/** The protected places for one evaluation; read-only (evaluations of the same workspace share it). */
export interface ProtectedSet {
  readonly gatehouseHomes: readonly string[];
  /** Agent configuration folders whose move, delete or permission change disables a guard. */
  readonly configRoots: readonly string[];
  readonly explicitConfigDirs: readonly string[];
  /** HOME_CONFIG's places below each home, as absolute folders. */
  readonly homeConfig: ReadonlyArray<{ root: string; label: string; files: readonly string[]; dirs: readonly string[]; all?: boolean }>;
  /** The workspaces (as given and resolved): a `gatehouse` file inside one is the project's own, not the guard on PATH. */
  readonly workspaces: readonly string[];
  /** Agent configuration locations that are symbolic links, with where they lead: the real place is configuration too. */
  readonly configLinks: readonly ConfigLink[];
  /** The running program's install folder (outside the workspaces): moving or writing anything in it rewrites the guard. */
  readonly programRoots: readonly string[];
  readonly fold: boolean;
}

/** An agent configuration folder or file (`at`) that is a symbolic link to `real`. */
export interface ConfigLink {
  at: string;
  real: string;
}

/**
 * The names an agent's configuration has below a folder (its folders, files and policy folders, Claude Code's
 * `.claude.json`) and the endings of the files in its policy folders: what a name test must not match to spare it.
 */
export function configNames(): { names: string[]; endings: string[] } {
  const hookFolders = Object.entries(HOOK_FOLDERS).flatMap(([d, f]) => [d, f.dir]);
  const names = [...Object.keys(AGENT_DIRS), ...CONFIG_FILES, ...CONFIG_SUBDIRS, ...hookFolders, ...HOME_CONFIG.map((c) => path.basename(c.rel)), ...Object.keys(STANDALONE_CONFIG)];
  return { names: [...new Set(names)], endings: Object.values(CONFIG_SUBDIR_FILES) };
}

/** Whether `root` is one of the configuration folders a folder `base` holds itself (`base/.claude`, `base/.github/hooks`). */
export function ownConfigRoot(root: string, base: string): boolean {
  return path.dirname(root) === base || Object.entries(HOOK_FOLDERS).some(([d, f]) => root === path.join(base, d, f.dir));
}

/** Protected places derived from the workspace (home, cwd, GATEHOUSE_HOME, agent config folders from env). */
export function protectedSet(ws: WorkspaceState, fold = FOLD_CASE_DEFAULT): ProtectedSet {
  if (lastSet !== undefined && madeFrom(lastSet, ws, fold)) return lastSet.set;
  const set = makeProtectedSet(ws, fold);
  lastSet = { home: ws.home, realHome: ws.realHome, cwd: ws.cwd, realCwd: ws.realCwd, noWorkspace: ws.noWorkspace, gatehouseHome: ws.gatehouseHome, agentConfigDirs: [...(ws.agentConfigDirs ?? [])], configLinks: ws.configLinks ?? [], fold, set };
  return set;
}

// The last set made, with the workspace fields it was made from (copied): the next evaluation of the same workspace
// reuses it instead of joining a dozen paths again. Compared field by field, so a changed workspace never gets it.
interface MadeSet {
  home: string;
  realHome: string | undefined;
  cwd: string;
  realCwd: string | undefined;
  noWorkspace: string | undefined;
  gatehouseHome: string;
  agentConfigDirs: string[];
  configLinks: readonly ConfigLink[];
  fold: boolean;
  set: ProtectedSet;
}
let lastSet: MadeSet | undefined;

function madeFrom(m: MadeSet, ws: WorkspaceState, fold: boolean): boolean {
  if (m.fold !== fold || m.home !== ws.home || m.realHome !== ws.realHome || m.cwd !== ws.cwd || m.realCwd !== ws.realCwd || m.gatehouseHome !== ws.gatehouseHome || m.noWorkspace !== ws.noWorkspace) return false;
  const links = ws.configLinks ?? [];
  if (links.length !== m.configLinks.length || links.some((l, i) => l.at !== m.configLinks[i]!.at || l.real !== m.configLinks[i]!.real)) return false;
  const dirs = ws.agentConfigDirs ?? [];
  return dirs.length === m.agentConfigDirs.length && dirs.every((d, i) => d === m.agentConfigDirs[i]);
}

function makeProtectedSet(ws: WorkspaceState, fold: boolean): ProtectedSet {
  const homes = [...new Set([ws.home, ws.realHome ?? ws.home])];
  const cwds = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd])];
  const explicit = [...(ws.agentConfigDirs ?? []), ...SYSTEM_CONFIG_DIRS];
  const homeConfig = homes.flatMap((h) => HOME_CONFIG.map(({ rel, ...c }) => ({ ...c, root: path.join(h, rel) })));
  const hookFolderRoots = [...homes, ...cwds].flatMap((b) => Object.entries(HOOK_FOLDERS).map(([d, f]) => path.join(b, d, f.dir)));
  const roots = [...[...homes, ...cwds].flatMap((b) => Object.keys(AGENT_DIRS).map((d) => path.join(b, d))), ...homeConfig.map((c) => c.root), ...hookFolderRoots];
  // A cwd that is no project folder (the home) is no workspace: a `gatehouse` program below it is still the guard.
  const workspaces = ws.noWorkspace === undefined ? cwds : [];
  const links = ws.configLinks ?? [];
  // Moving or deleting the folder a configuration folder leads to disables that configuration as surely.
  const linkedRoots = links.filter((l) => roots.includes(l.at) || explicit.includes(l.at)).map((l) => l.real);
  const own = OWN_INSTALL !== null && !cwds.some((w) => isInside(OWN_INSTALL!, w, fold) || isInside(w, OWN_INSTALL!, fold)) ? [OWN_INSTALL] : [];
  return { gatehouseHomes: [ws.gatehouseHome], configRoots: [...new Set([...roots, ...explicit, ...linkedRoots])], explicitConfigDirs: explicit, homeConfig, workspaces, configLinks: links, programRoots: own, fold };
}

/**
 * Where agent configuration may be a symbolic link: every configuration folder of home, the workspace and the
 * environment, the hook and permission files and policy folders inside each, `~/.claude.json` and the workspace's own
 * configuration files (`.mcp.json`, `opencode.json`). The probe resolves them.
 */
export function configLocations(ws: WorkspaceState): readonly string[] {
  // A pure function of these fields, asked on every request: the last answer is kept (as protectedSet keeps its set).
  const key = JSON.stringify([ws.home, ws.realHome, ws.cwd, ws.realCwd, ws.agentConfigDirs ?? []]);
  if (lastLocations?.key === key) return lastLocations.locations;
  const set = makeProtectedSet({ ...ws, configLinks: [] }, false);
  const inside = Object.values(AGENT_CONFIG).flatMap((c) => [...c.files, ...c.dirs]);
  const locations = Object.freeze([...new Set([...set.configRoots.flatMap((r) => [r, ...inside.map((f) => path.join(r, f))]), ...standaloneFiles(ws)])]);
  lastLocations = { key, locations };
  return locations;
}
let lastLocations: { key: string; locations: readonly string[] } | undefined;

/**
 * Every place agent configuration lives for this workspace: the configuration folders (with where links lead), and
 * the files that stand alone in the workspace and home. A contained command may write none of them: the agents run what
 * they hold outside the sandbox (a hook, a plugin, an MCP server).
 */
export function configPlaces(ws: WorkspaceState): { folders: readonly string[]; files: string[] } {
  return { folders: protectedSet(ws).configRoots, files: standaloneFiles(ws) };
}

/** The standalone configuration files of a workspace and its home: `~/.claude.json`, and each STANDALONE_CONFIG name in the workspace. */
function standaloneFiles(ws: WorkspaceState): string[] {
  const cwds = [...new Set([ws.cwd, ws.realCwd ?? ws.cwd])];
  const homes = [...new Set([ws.home, ws.realHome ?? ws.home])];
  return [...homes.map((h) => path.join(h, '.claude.json')), ...cwds.flatMap((c) => Object.keys(STANDALONE_CONFIG).map((f) => path.join(c, f)))];
}

/** Whether `p` is GATEHOUSE_HOME or inside it. */
export function inGatehouseHome(p: string, ps: ProtectedSet): boolean {
  return ps.gatehouseHomes.some((h) => isInside(p, h, ps.fold));
}

/**
 * Which agent's hook or permission configuration `p` is, or null: `.claude/settings(.local).json`,
 * `.gemini/settings.json`, `.gemini/policies/**`, `.codex/{hooks.json,config.toml,rules/**}` anywhere,
 * the same names inside `$CLAUDE_CONFIG_DIR`/`$CODEX_HOME`, and managed settings folders.
 */
export function agentConfigOf(p: string, ps: ProtectedSet): string | null {
  return configAt(p, ps) ?? linkedConfig(p, ps, configAt);
}

/** What `p` is as the configuration a link leads to it from (`.claude -> ~/dotfiles/claude`: `~/dotfiles/claude/settings.json`). */
function linkedConfig(p: string, ps: ProtectedSet, judge: (q: string, ps: ProtectedSet) => string | null): string | null {
  for (const l of ps.configLinks) {
    const rel = relativeInside(p, l.real, ps.fold);
    if (rel === null) continue;
    const label = judge(rel === '' ? l.at : path.join(l.at, rel), ps);
    if (label !== null) return `${label}, through the link ${l.at}`;
  }
  return null;
}

function configAt(p: string, ps: ProtectedSet): string | null {
  const segs = segments(p).map((s) => (ps.fold ? s.toLowerCase() : s));
  const standalone = STANDALONE_CONFIG[segs[segs.length - 1] ?? ''];
  if (standalone !== undefined) return standalone;
  // The hook program itself: replacing the `gatehouse` on PATH (or its bin script) outside the workspace replaces the guard.
  const program = GUARD_PROGRAM.test(segs[segs.length - 1] ?? '') || GUARD_CODE.test(p) || ps.programRoots.some((r) => isInside(p, r, ps.fold));
  if (program && !ps.workspaces.some((w) => isInside(p, w, ps.fold))) return 'the Gatehouse program';
  for (let i = segs.length - 2; i >= 0; i--) {
    const agent = AGENT_DIRS[segs[i]!];
    const config = AGENT_CONFIG[segs[i]!];
    if (agent === undefined || config === undefined) continue;
    const rest = segs.slice(i + 1);
    if (rest.length === 1 && config.files.includes(rest[0]!)) return `${agent} ${rest[0]}`;
    if (config.dirs.includes(rest[0]!)) return `${agent} ${rest[0]}/`;
  }
  for (let i = segs.length - 2; i >= 0; i--) {
    const hooks = HOOK_FOLDERS[segs[i]!];
    if (hooks !== undefined && segs[i + 1] === hooks.dir) return `${hooks.label} ${segs[i]}/${hooks.dir}/`;
  }
  for (const c of ps.homeConfig) {
    const rel = relativeInside(p, c.root, ps.fold);
    if (rel === null || rel === '') continue;
    const parts = rel.split('/');
    if (c.all === true || (parts.length === 1 && c.files.includes(parts[0]!)) || c.dirs.includes(parts[0]!)) return `${c.label} ${path.join(c.root, parts[0]!)}`;
  }
  for (const dir of ps.explicitConfigDirs) {
    const rel = relativeInside(p, dir, ps.fold);
    if (rel === null || rel === '') continue;
    const first = rel.split('/')[0]!;
    if (CONFIG_FILES.has(first) || CONFIG_SUBDIRS.has(first) || SYSTEM_CONFIG_DIRS.includes(dir)) return `agent configuration in ${dir}`;
  }
  return null;
}

/** Whether `p` is an agent configuration folder itself (`.claude`, `.gemini`, `.codex`, an env-named one). */
export function isConfigRoot(p: string, ps: ProtectedSet): string | null {
  return rootAt(p, ps) ?? linkedConfig(p, ps, rootAt);
}

function rootAt(p: string, ps: ProtectedSet): string | null {
  const last = segments(p).pop() ?? '';
  const agent = AGENT_DIRS[ps.fold ? last.toLowerCase() : last];
  if (agent !== undefined) return `the ${agent} configuration folder`;
  const home = ps.homeConfig.find((c) => isInside(p, c.root, ps.fold) && isInside(c.root, p, ps.fold));
  if (home !== undefined) return `the ${home.label} configuration folder`;
  return ps.explicitConfigDirs.some((d) => isInside(d, p, ps.fold) && isInside(p, d, ps.fold)) ? 'an agent configuration folder' : null;
}

/** The protected place at or below `p` (so moving, deleting or re-permissioning `p` reaches it), or null. */
export function protectedBelow(p: string, ps: ProtectedSet): string | null {
  if (ps.gatehouseHomes.some((h) => isInside(h, p, ps.fold))) return 'GATEHOUSE_HOME';
  if (ps.programRoots.some((r) => isInside(r, p, ps.fold))) return 'the Gatehouse program';
  const root = ps.configRoots.find((r) => isInside(r, p, ps.fold));
  return root === undefined ? null : root;
}
