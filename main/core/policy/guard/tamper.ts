// The tamper guard: an agent must not be able to switch off its own guard (DESIGN.md "Policy order" 1).
import path from 'node:path';
import { globMatcher } from '../rules/glob-cache.js';
import type { PathFacts, WorkspaceState } from '../types.js';
import type { RequestView, ShellRef } from '../request/view.js';
import type { SimpleCommand } from '../../shell/types.js';
import { absolutePath } from '../../shell/paths.js';
import { feedsFileReader, readsFolders } from '../../shell/index.js';
import { isReadOnlyCommand } from '../request/bash-refs.js';
import { FOLD_CASE_DEFAULT, isInside, relativeInside } from '../paths.js';
import {
  type ProtectedSet,
  CONFIG_IN_CODE,
  agentConfigOf,
  inGatehouseHome,
  isConfigRoot,
  protectedBelow,
  protectedSet,
} from './protected.js';
import { findSparesConfig } from './find-spares.js';
import { stopsGatehouse } from './stop-guard.js';
import { unguardedAgent } from './agent-launch.js';
import { agentConfigChange } from './agent-config-cli.js';
import { gatehouseArgs, gatehouseCliChange, looksUpGatehouse, replacesGatehouse } from './gatehouse-cli.js';
import { psShowsEnvironment } from './process-secrets.js';
import { processSecret, processSecretInText, processSecretsBelow } from './proc-paths.js';
import { callsApproverApi } from './approver-api.js';
import { heredocTexts, inlineCode } from '../request/inline-code.js';

/** One tamper finding: why, and where in a command. */
export interface TamperFinding {
  reason: string;
  range?: { start: number; end: number };
}

// Programs that move, delete or re-permission what they name (reaching everything below it).
const MOVERS = new Set(['rm', 'rmdir', 'mv', 'unlink', 'shred', 'trash', 'trash-put', 'gio', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'srm']);
// Programs whose output is the paths they are given or find below them: xargs after them acts on those paths.
const PATH_LISTERS = new Set(['ls', 'find', 'fd', 'fdfind', 'git', 'realpath', 'readlink', 'tree', 'du', 'stat']);
// Programs that read the contents of whole folder trees.
const TREE_READERS = new Set(['rg', 'ag', 'ack', 'tar', 'zip', '7z', 'scp', 'cp']);
const SEARCH_TOOLS = new Set(['Grep', 'search_file_content', 'read_many_files']);
const CONFIG_BASENAMES = new Set(['settings.json', 'settings.local.json', 'hooks.json', 'config.toml']);

const GUARD = 'built-in: tamper guard —';

function spellings(f: PathFacts): string[] {
  return f.requested === f.resolved ? [f.requested] : [f.requested, f.resolved];
}

/** find predicates that take a value (which may look like an action). */
const FIND_VALUED = /^-(i?name|i?path|i?wholename|i?regex|i?lname|newer|type|xtype|user|group|perm|size|context|samefile|fstype)$/;

/** Whether the command moves, deletes or re-permissions the folders it names (and all below them). */
function mover(argv: string[]): boolean {
  const prog = argv[0];
  if (prog === 'find') {
    const args = argv.slice(1);
    // `find . -name -delete` looks for files named "-delete": a predicate's value is not an action.
    const action = (i: number): boolean => !FIND_VALUED.test(args[i - 1] ?? '');
    return args.some((a, i) => action(i) && (a === '-delete' || (/^-(exec|execdir|ok|okdir)$/.test(a) && MOVERS.has(args[i + 1] ?? ''))));
  }
  if (prog === 'rsync') return argv.some((a, i) => i > 0 && /^--(delete|remove-source-files)/.test(a));
  return prog !== undefined && MOVERS.has(prog);
}

/** Whether the command reads file contents throughout the folders it names. */
function treeReader(argv: string[], feedsReader: boolean): boolean {
  const prog = argv[0];
  if (prog === undefined) return false;
  if (prog === 'grep' || prog === 'egrep' || prog === 'fgrep') return readsFolders(argv);
  // `find ~ -name endpoint.json | xargs cat`: what find lists, the reader after it opens.
  if (prog === 'find' || prog === 'fd' || prog === 'fdfind') return feedsReader || argv.some((a, i) => i > 0 && /^-(exec|execdir|ok|okdir)$/.test(a));
  if (prog === 'rsync') return true;
  return TREE_READERS.has(prog);
}

/** Ways to spell GATEHOUSE_HOME inside a command or string argument. */
function homeMentions(ws: WorkspaceState): string[] {
  const out = ['GATEHOUSE_HOME', ws.gatehouseHome];
  const rel = relativeInside(ws.gatehouseHome, ws.home);
  // The path below home alone too: code joins it to a home it looks up itself (`process.env.HOME + '/.config/Gatehouse'`).
  if (rel) out.push(`~/${rel}`, `$HOME/${rel}`, `\${HOME}/${rel}`, rel);
  // GATEHOUSE_HOME is `$XDG_CONFIG_HOME/Gatehouse` when that variable is set (store/home.ts).
  if (path.basename(ws.gatehouseHome) === 'Gatehouse') out.push('$XDG_CONFIG_HOME/Gatehouse', '${XDG_CONFIG_HOME}/Gatehouse');
  return out;
}

function mentions(text: string, needles: string[], fold: boolean): string | undefined {
  const t = fold ? text.toLowerCase() : text;
  return needles.find((n) => t.includes(fold ? n.toLowerCase() : n));
}

function fileFindings(view: RequestView, ps: ProtectedSet): TamperFinding[] {
  const out: TamperFinding[] = [];
  const writes = view.family === 'write' || view.family === 'mcp' || view.family === 'other';
  for (const { key, facts } of view.files) {
    // The path as given too: the kernel walks `/proc/PID/cwd/..` from where the link leads, not lexically.
    for (const p of [key, ...spellings(facts)]) {
      const secret = processSecret(p, writes);
      if (secret) out.push({ reason: `${GUARD} ${view.tool} reaches ${secret}` });
      else if (inGatehouseHome(p, ps)) out.push({ reason: `${GUARD} ${view.tool} reaches GATEHOUSE_HOME (${p})` });
      else if (view.family === 'read' && SEARCH_TOOLS.has(view.tool) && protectedBelow(p, ps) === 'GATEHOUSE_HOME') {
        out.push({ reason: `${GUARD} ${view.tool} searches ${p}, which contains GATEHOUSE_HOME` });
      } else if (writes) {
        const label = agentConfigOf(p, ps) ?? isConfigRoot(p, ps);
        if (label) out.push({ reason: `${GUARD} ${view.tool} edits ${label} (${p}); edit agent hook and permission settings yourself` });
      }
    }
  }
  return out;
}

/** `mv`'s destination folder receives files; it is not moved itself (`mv notes.md ~/` does not move ~/.claude). */
function isMoveDestination(ref: ShellRef, view: RequestView, ws: WorkspaceState): boolean {
  const cmd = view.analysis?.commands[ref.cmd];
  if (cmd?.argv[0] !== 'mv' || ref.redirect) return false;
  const last = cmd.argv.slice(1).filter((a) => !a.startsWith('-')).at(-1);
  if (last === undefined) return false;
  return [cmd.cwd ?? view.shellCwd, view.shellCwd].some((base) => absolutePath(last, base, ws.home) === ref.path);
}

function refFinding(ref: ShellRef, view: RequestView, ws: WorkspaceState, ps: ProtectedSet, feeds: { reader: boolean; mover: boolean }): string | null {
  const argv = view.analysis?.commands[ref.cmd]?.argv ?? [];
  const prog = argv[0] ?? '';
  // `ls .claude/settings.json | xargs rm`, `git ls-files .claude | xargs rm`: what a lister prints, xargs moves or deletes.
  if (feeds.mover && PATH_LISTERS.has(prog)) {
    for (const p of spellings(ref.facts)) {
      const target = inGatehouseHome(p, ps) ? 'GATEHOUSE_HOME' : agentConfigOf(p, ps) ?? isConfigRoot(p, ps);
      if (target) return `${prog} lists ${target} (${p}) for xargs to move, delete or re-permission`;
    }
  }
  const feedsReader = feeds.reader;
  // What the command does to its paths is the same for every spelling; what lies below a path is looked up only when
  // it matters (a move, or a tree read, which only GATEHOUSE_HOME below concerns).
  const moves = mover(argv) && !isMoveDestination(ref, view, ws);
  const readsTree = !moves && treeReader(argv, feedsReader);
  for (const p of spellings(ref.facts)) {
    if (inGatehouseHome(p, ps)) return `${prog} reaches GATEHOUSE_HOME (${p})`;
    const secret = processSecret(p, ref.access === 'write') ?? (moves || readsTree ? processSecretsBelow(p) : null);
    if (secret) return `${prog} reaches ${secret}`;
    const below = moves || readsTree ? protectedBelow(p, ps) : null;
    if (below !== null && moves && !(prog === 'find' && findSparesConfig(argv, p, ps))) return `${prog} would move, delete or re-permission ${below} (through ${p})`;
    const config = moves ? agentConfigOf(p, ps) : null;
    if (config) return `${prog} would move, delete or re-permission ${config} (${p})`;
    if (below === 'GATEHOUSE_HOME' && readsTree) return `${prog} reads a folder tree that contains GATEHOUSE_HOME (${p})`;
    // `ln ~/.claude/settings.json x; echo {} > x`: a second name for the file (or folder) to write through.
    const linked = prog === 'ln' ? agentConfigOf(p, ps) ?? isConfigRoot(p, ps) : null;
    if (linked) return `ln makes another name for ${linked} (${p}), to write it through`;
    if (ref.access !== 'write') continue;
    const label = agentConfigOf(p, ps) ?? isConfigRoot(p, ps);
    if (label) return `${prog} may write ${label} (${p})`;
    if (ref.unsure && CONFIG_BASENAMES.has(path.basename(p))) return `${prog} may write ${path.basename(p)} after a cd to an unknown folder`;
  }
  return null;
}

/** Protected files and folders a shell glob word could expand to. */
function globCandidates(ps: ProtectedSet): Array<{ path: string; gatehouse: boolean }> {
  const out = ps.gatehouseHomes.flatMap((h) => ['', 'endpoint.json', 'gatehouse.db', 'settings.json'].map((f) => ({ path: f ? path.join(h, f) : h, gatehouse: true })));
  for (const r of ps.configRoots) {
    for (const f of ['', 'settings.json', 'settings.local.json', 'hooks.json', 'config.toml', 'policies/p.toml', 'rules/r.rules']) {
      out.push({ path: f ? path.join(r, f) : r, gatehouse: false });
    }
  }
  return out;
}

const GLOB_CHAR = /[*?[]/;

function globFindings(view: RequestView, ps: ProtectedSet): TamperFinding[] {
  const out: TamperFinding[] = [];
  const commands = view.analysis?.commands ?? [];
  let candidates: ReturnType<typeof globCandidates> | null = null;
  for (const ref of view.shellRefs) {
    const word = ref.path;
    if (!GLOB_CHAR.test(word)) continue;
    candidates ??= globCandidates(ps);
    const isMatch = globMatcher(word, { dot: false, nocase: ps.fold });
    const hit = candidates.find((c) => (c.gatehouse || ref.access === 'write') && isMatch(c.path));
    if (hit) {
      const prog = commands[ref.cmd]?.argv[0] ?? 'the command';
      out.push({ reason: `${GUARD} ${prog} names ${word}, which matches ${hit.gatehouse ? 'GATEHOUSE_HOME' : 'agent configuration'} (${hit.path})`, range: ref.span });
    }
  }
  return out;
}

// Agent-config variables (unset, `$CLAUDE_CONFIG_DIR` is `~/.claude`; set, protected too); `$GEMINI_CLI_HOME` holds `.gemini`.
const VAR = String.raw`["']?\$\{?(CLAUDE_CONFIG_DIR\b|CODEX_HOME\b|GEMINI_CLI_HOME\}?/+\.gemini\b)`;
const CONFIG_VAR = new RegExp(`^${VAR}`);
const REDIRECT_TO_VAR = new RegExp(`>\\|?\\s*${VAR}`);
// The whole of `$XDG_CONFIG_HOME`, which holds GATEHOUSE_HOME when set (`rm -rf $XDG_CONFIG_HOME`, `mv "${XDG_CONFIG_HOME}/" x`).
const WHOLE_XDG = /^["']?\$\{?XDG_CONFIG_HOME\}?["']?\/*$/;
// GATEHOUSE_HOME spelled through the variable, however quoted or defaulted (`"$XDG_CONFIG_HOME"/Gatehouse`, `${XDG_CONFIG_HOME:-~/.config}/Gatehouse`).
const XDG_GATEHOUSE = /\$(?:XDG_CONFIG_HOME|\{XDG_CONFIG_HOME(?::?[-=+?][^}]*)?\})\/+Gatehouse(\/|$)/;


/**
 * Why a command changes the Gatehouse program or its API's state by other means than its CLI, or null.
 * Threat: `cp x "$(which gatehouse)"`, `npm i -g ./evil` (a package named gatehouse), `curl -X POST 127.0.0.1:PORT/v1/rules`.
 */
function programChange(cmd: SimpleCommand, command: string): string | null {
  const replaced = replacesGatehouse(cmd.argv);
  if (replaced) return replaced;
  const code = [...cmd.argv, ...heredocTexts(cmd, command)];
  if (!isReadOnlyCommand(cmd) && code.some(callsApproverApi)) return `${cmd.argv[0]} calls Gatehouse's approver API, which only the person may use`;
  const lookedUp = cmd.redirects.find((r) => r.kind === 'write' && r.target === null && looksUpGatehouse(command.slice(r.span.start, r.span.end)));
  if (lookedUp) return 'a redirect overwrites the gatehouse program it looks up at run time';
  if (isReadOnlyCommand(cmd) || gatehouseArgs(cmd.argv) !== null) return null;
  const word = cmd.argv.find((a, i) => i > 0 && looksUpGatehouse(a));
  return word === undefined ? null : `${cmd.argv[0]} may change the gatehouse program ${word} looks up`;
}

// A run-time redirect target naming a hook or permission file (`> $D/settings.json`, `> "$(dirname …)/hooks.json"`).
const CONFIG_FILE_TARGET = /(^|\/|["'}`)])(settings(\.local)?\.json|hooks\.json|config\.toml|\.claude\.json)["']?\s*$/;
// The command mentions an agent configuration folder somewhere (`D=$(printf %s ~/.claude)`, `read D <<< ~/.claude`).
const CONFIG_ROOT_MENTION = /\.(claude|gemini|codex)\b|CLAUDE_CONFIG_DIR|CODEX_HOME|GEMINI_CLI_HOME/;

/** Why a command writes below an agent-config variable whose value is only known at run time, or null. */
function configVarWrite(cmd: SimpleCommand, command: string, namesConfig: boolean): string | null {
  // A redirect target with an expansion is null; its span holds its text (for a nested `sh -c`, the whole script's).
  const dynamic = cmd.redirects.filter((r) => r.kind === 'write' && r.target === null);
  for (const r of dynamic) {
    const redirect = REDIRECT_TO_VAR.exec(command.slice(r.span.start, r.span.end));
    if (redirect) return `a redirect writes below $${redirect[1]}, an agent configuration folder`;
  }
  const spelled = namesConfig ? dynamic.find((r) => CONFIG_FILE_TARGET.test(command.slice(r.span.start, r.span.end))) : undefined;
  if (spelled) return `a redirect writes ${command.slice(spelled.span.start, spelled.span.end)}, a path made at run time in a command that names an agent configuration folder`;
  if (isReadOnlyCommand(cmd)) return null;
  const word = cmd.argv.find((a, i) => i > 0 && CONFIG_VAR.test(a));
  if (word !== undefined) return `${cmd.argv[0]} may change ${word}, inside an agent configuration folder`;
  const whole = cmd.argv.find((a, i) => i > 0 && WHOLE_XDG.test(a));
  return whole === undefined ? null : `${cmd.argv[0]} may change ${whole}, which holds GATEHOUSE_HOME`;
}

function shellFindings(view: RequestView, ws: WorkspaceState, ps: ProtectedSet): TamperFinding[] {
  const out: TamperFinding[] = [];
  const analysis = view.analysis;
  const command = view.command ?? '';
  const named = mentions(command, homeMentions(ws), ps.fold);
  if (named) out.push({ reason: `${GUARD} the command mentions ${named === 'GATEHOUSE_HOME' ? 'GATEHOUSE_HOME' : `GATEHOUSE_HOME (${named})`}` });
  const secret = processSecretInText(command);
  if (secret) out.push({ reason: `${GUARD} the command reaches ${secret}` });
  // Some command opens the file names xargs hands it (`… | xargs cat`).
  const commands = analysis?.commands ?? [];
  const feeds = { reader: feedsFileReader(commands), mover: commands.some((c) => c.appendsArgs === true && MOVERS.has(c.argv[0] ?? '')) };
  for (const ref of view.shellRefs) {
    const why = refFinding(ref, view, ws, ps, feeds);
    if (why) out.push({ reason: `${GUARD} ${why}`, range: ref.span });
  }
  out.push(...globFindings(view, ps));
  const stop = { pid: ws.gatehousePid, namesGatehouse: /gatehouse/i.test(command), command };
  const namesConfig = CONFIG_ROOT_MENTION.test(command);
  commands.forEach((cmd, i) => {
    // The command piped straight into this one (`pgrep x | xargs kill`), whose output xargs appends.
    const prev = commands[i - 1];
    const feeder = prev !== undefined && command.slice(prev.span.end, cmd.span.start).trim() === '|' ? prev : undefined;
    const why = stopsGatehouse(cmd, stop, feeder);
    if (why) out.push({ reason: `${GUARD} ${why}; only the person may stop Gatehouse`, range: cmd.span });
    const agent = unguardedAgent(cmd, command, commands);
    if (agent) out.push({ reason: `${GUARD} ${agent}; it would act outside Gatehouse`, range: cmd.span });
    const config = agentConfigChange(cmd);
    if (config) out.push({ reason: `${GUARD} ${config}; only the person may change it`, range: cmd.span });
    const cli = gatehouseCliChange(cmd);
    if (cli) out.push({ reason: `${GUARD} ${cli}; only the person may change them`, range: cmd.span });
    if (psShowsEnvironment(cmd.argv)) out.push({ reason: `${GUARD} ps with e/-E prints other processes' environments, Gatehouse's approver token among them`, range: cmd.span });
    const xdg = cmd.argv.find((a) => XDG_GATEHOUSE.test(a));
    if (xdg !== undefined) out.push({ reason: `${GUARD} ${cmd.argv[0]} names GATEHOUSE_HOME through ${xdg}`, range: cmd.span });
    const program = programChange(cmd, command);
    if (program) out.push({ reason: `${GUARD} ${program}`, range: cmd.span });
    const varWrite = configVarWrite(cmd, command, namesConfig);
    if (varWrite) out.push({ reason: `${GUARD} ${varWrite}`, range: cmd.span });
    // Program text comes from the arguments, or from a heredoc (`python3 - <<EOF … EOF`).
    if (inlineCode(cmd, command).some((a) => CONFIG_IN_CODE.test(a))) out.push({ reason: `${GUARD} ${cmd.argv[0]} runs code that names an agent's hook or permission configuration`, range: cmd.span });
    const root = cmd.cwd === undefined ? undefined : ps.configRoots.find((r) => isInside(cmd.cwd!, r, ps.fold));
    if (root !== undefined && !isReadOnlyCommand(cmd)) {
      out.push({ reason: `${GUARD} ${cmd.argv[0] ?? 'a command'} runs inside ${root} and may change agent configuration`, range: cmd.span });
    }
  });
  return out;
}

/**
 * Every way this request would read or write GATEHOUSE_HOME, edit an agent's hook or permission
 * configuration, or stop Gatehouse. Each is a hard deny, whatever the rules and mode say.
 * Threat: a prompt-injected agent switching off its own guard (editing `.claude/settings.json`,
 * `mv .claude x`, `sed -i … ~/.claude/settings.json`, `killall gatehouse`, reading the token in endpoint.json).
 */
export function tamperFindings(view: RequestView, ws: WorkspaceState, fold = FOLD_CASE_DEFAULT): TamperFinding[] {
  const ps = protectedSet(ws, fold);
  const out = view.family === 'shell' ? shellFindings(view, ws, ps) : fileFindings(view, ps);
  if (view.family === 'mcp' || view.family === 'other') {
    const needles = homeMentions(ws);
    const hit = view.strings.map((s) => mentions(s, needles, fold)).find((m) => m !== undefined);
    if (hit) out.push({ reason: `${GUARD} ${view.tool} arguments mention GATEHOUSE_HOME (${hit})` });
  }
  return dedupe(out);
}

function dedupe(findings: TamperFinding[]): TamperFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.reason) && seen.add(f.reason) !== undefined);
}
