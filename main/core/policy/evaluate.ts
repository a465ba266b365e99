// The pure policy function (DESIGN.md "Policy order"): hard deny → ask rules → session → allow rules → tiers → ask; then the mode.
import path from 'node:path';
import type { Rule, Verdict } from '../../../common/domain.js';
import { commandReadOperands, failsOnFolders, feedsFileReader, isRecursive, readsFolders, showsContents } from '../shell/index.js';
import { absolutePath, physicalSpelling, protectedTarget } from '../shell/paths.js';
import type { ShellAnalysis } from '../shell/types.js';
import type { PolicyInput, WorkspaceState } from './types.js';
import type { LiveRule } from './rules/live-rule.js';
import { type RuleBook, allowCoversCall, allowCoversFile, commandCovered, denyLikeMatch, ruleBook, ruleNamesTool } from './rules/rule-match.js';
import { secretReason } from './vouch/secrets.js';
import { credentialAnchor } from './vouch/credential-stores.js';
import { payloadFingerprint } from './rules/fingerprint.js';
import { grantRules, liveGrants, ruleName } from './rules/grants.js';
import { shellCandidates } from './rules/shell-index.js';
import { applyMode, type Outcome } from './mode.js';
import { collectRisks } from './request/risks.js';
import { tamperFindings } from './guard/tamper.js';
import { readTier } from './vouch/tiers.js';
import { unvouched } from './vouch/closed-world.js';
import { isInside, relativeInside } from './paths.js';
import { ignoreFilesOff } from './request/tools.js';
import { writeVouched, writesGitInternals } from './rules/write-grants.js';
import { isReadOnlyCommand } from './request/bash-refs.js';
import { findReadPaths } from '../shell/checks/find-primaries.js';
import { stashedTreePrinters } from '../shell/operands/tree-readers.js';
import { type RequestView, type ShellRef, buildView } from './request/view.js';
import { uncontainedReasons } from './vouch/contain-limits.js';
import { undoableDeletes } from './vouch/reversible-delete.js';
import { localServerReadProblem } from './vouch/local-server.js';
import { profileFor } from '../sandbox/profile.js';
import { provablyHarmless } from '../sandbox/harmless.js';
import { bareGitRunReasons } from './workspace/bare-git-runs.js';
import { mayRead } from '../sandbox/profile-check.js';
import { takesRewrittenInput } from '../sandbox/rewritable.js';

const MAX_RULE_REASONS = 5;

const BLANKS = /\s+/g;

function quote(s: string): string {
  const one = s.replace(BLANKS, ' ').trim();
  return JSON.stringify(one.length > 120 ? `${one.slice(0, 117)}…` : one);
}

function builtin(reason: string): string {
  return reason.startsWith('built-in:') ? reason : `built-in: ${reason}`;
}

/** Step 1 and 2: rules of one action that match some part of the request, in rule order. */
function matchingRules(rules: readonly LiveRule[], view: RequestView, ws: WorkspaceState, action: 'deny' | 'ask'): Array<{ rule: Rule; what: string }> {
  const hits: Array<{ at: number; rule: Rule; what: string }> = [];
  const commands = view.family === 'shell' ? view.analysis?.commands : undefined;
  if (commands) {
    // Bash(...) rules only for commands of the program they name; the rest (Read/Edit rules reaching the command's paths) one by one.
    let seen: Set<LiveRule> | undefined;
    for (let i = 0; i < commands.length; i++) {
      const cmd = commands[i]!;
      for (const lr of shellCandidates(rules, cmd, view.programs[i])) {
        if (seen?.has(lr) || !commandCovered(lr.parsed, cmd, action)) continue;
        (seen ??= new Set()).add(lr);
        hits.push({ at: rules.indexOf(lr), rule: lr.rule, what: cmd.text });
      }
    }
  }
  // Allocation-free for the (usual) thousand rules that match nothing.
  for (let at = 0; at < rules.length; at++) {
    const lr = rules[at]!;
    if (commands && lr.parsed.kind === 'bash') continue;
    const what = denyLikeMatch(lr, view, ws, action);
    if (what !== null) hits.push({ at, rule: lr.rule, what });
  }
  return hits.sort((a, b) => a.at - b.at);
}

/**
 * `rm -r` of a path that only a symlink makes protected: `rm -rf src/link-etc/*` deletes /etc/* though it reads as a
 * workspace path. The shell analysis judges the words; this judges where they resolve.
 */
function deletesThroughLink(view: RequestView, ws: WorkspaceState): string[] {
  const a = view.analysis;
  if (a === null) return [];
  const out: string[] = [];
  for (const ref of view.shellRefs) {
    const cmd = a.commands[ref.cmd];
    if (!cmd || cmd.argv[0] !== 'rm' || !isRecursive(cmd.argv) || !ref.facts) continue;
    if (ref.facts.resolved === ref.facts.requested) continue;
    // `rm -rf src/link-etc` removes the link itself; only a path through it (`link/`, `link/*`, `link/x`) reaches the target.
    const base = cmd.cwd ?? view.shellCwd;
    if (cmd.argv.some((w) => !w.endsWith('/') && !/[*?[]/.test(w) && absolutePath(w, base, ws.home) === ref.facts!.requested)) continue;
    const why = protectedTarget(ref.facts.resolved, ws.cwd, { cwd: ws.realCwd ?? ws.cwd, home: ws.realHome ?? ws.home });
    if (why !== null) out.push(builtin(`rm -r ${ref.facts.requested} deletes ${why} (through a symbolic link to ${ref.facts.resolved})`));
  }
  return out.length === 0 ? out : [...new Set(out)];
}

function hardDeny(view: RequestView, book: RuleBook, ws: WorkspaceState, tamper: ReturnType<typeof tamperFindings>): Outcome | null {
  const hits = matchingRules(book.deny, view, ws, 'deny');
  const builtins = [...(view.analysis?.hardDenies ?? []).map((b) => builtin(b.reason)), ...deletesThroughLink(view, ws), ...tamper.map((t) => t.reason)];
  if (hits.length === 0 && builtins.length === 0) return null;
  const reasons = [...hits.slice(0, MAX_RULE_REASONS).map((h) => `${ruleName(h.rule)} denies ${quote(h.what)}`), ...builtins];
  const out: Outcome = { decision: 'deny', reasons };
  if (hits[0]) out.matched_rule = hits[0].rule.id;
  if (builtins.length > 0) out.hard_deny = true;
  return out;
}

/**
 * Session grants of the request's agent and session: "this exact call" by Gatehouse's own fingerprint of the tool
 * name and args, the others as allow rules of that session judged exactly like the person's rules (every command of
 * a chain, the workspace tiers for reads). A grant decides only what the rules alone would not have allowed.
 * Threat: the agent's `payload` is its own words — a grant keyed on it would let the agent pick what gets approved.
 */
function sessionGrant(view: RequestView, input: PolicyInput, book: RuleBook, ws: WorkspaceState): Outcome | null {
  const r = view.request;
  const grants = liveGrants(input.sessionApprovals, r.agent, r.session_id, input.now);
  if (grants.length === 0) return null;
  const fingerprint = payloadFingerprint(r.tool_name, r.args);
  const exact = grants.find((g) => g.kind === 'call' && g.tool_name === r.tool_name && g.payload === fingerprint);
  if (exact) return { decision: 'allow', reasons: [`session approval: ${exact.summary}`], session_approved: true };
  const rules = grantRules(grants);
  if (rules.length === 0) return null;
  const merged: RuleBook = { deny: [], ask: [], allow: [...ruleBook(rules, ws, input.now, r.agent).allow, ...book.allow], sandbox: [] };
  const withGrants = allowRules(view, merged, ws, []);
  if (withGrants === null || allowRules(view, book, ws, []) !== null) return null;
  const { matched_rule: _grant, ...out } = withGrants;
  return { ...out, session_approved: true };
}

/** Programs whose output is the names of files below the folders they are given. */
const LISTERS = new Set(['find', 'fd', 'fdfind', 'ls', 'tree']);

/**
 * Whether a reading program opens a path the workspace tiers would not let a Read tool open (outside the workspace;
 * for programs that show contents also inside .git, gitignored, secret-looking), counting every file a glob expands to: a prefix rule written for
 * workspace use (`Bash(cat:*)`) does not vouch for it, as Claude Code's own path check would not.
 * Threat: `cat ~/.ssh/id_rsa`, `cat .env`, `cat link*` (a symlink out), `grep -r key ~/.aws`, `cd ~/.ssh && ls`.
 */
function untieredReads(view: RequestView, ws: WorkspaceState, why: string[], counts: (ref: ShellRef) => boolean = () => true): boolean {
  const a = view.analysis;
  if (a === null) return false;
  const realCwd = ws.realCwd ?? ws.cwd;
  // `find secrets | xargs cat`: what a lister walks, the reader after xargs opens, so the lister's folders need the tiers too.
  const feedsReader = feedsFileReader(a.commands);
  // `git stash -a && git show stash^3`: the printer reads the whole tree as it was stashed, ignored files included.
  const stashPrinters = stashedTreePrinters(a.commands);
  let bad = false;
  a.commands.forEach((cmd, i) => {
    // `env -C ~/.ssh ls`, `sudo -D /etc cat passwd`: the program itself runs elsewhere (a `cd` is judged as its operand).
    if (cmd.cwd !== undefined && !isInside(cmd.cwd, ws.cwd)) {
      bad = true;
      why.push(`built-in: ${cmd.argv[0]} runs in ${cmd.cwd}, outside the workspace`);
    }
    // Only the command's own path references can be read through its operands: without any, there is nothing to judge.
    if (!view.shellRefs.some((ref) => ref.cmd === i && ref.facts)) return;
    const refs = view.shellRefs.filter((ref) => ref.cmd === i && ref.facts && counts(ref));
    const lister = feedsReader && LISTERS.has(cmd.argv[0] ?? '');
    const contents = showsContents(cmd.argv[0] ?? '') || lister;
    const folders = readsFolders(cmd.argv) || lister || stashPrinters.has(i);
    // `find -files0-from F` prints each name F holds (or echoes it in an error): F's contents come out.
    const contentOps = cmd.argv[0] === 'find' ? findReadPaths(cmd.argv, true) : [];
    const operands = stashPrinters.has(i) ? [...commandReadOperands(cmd), '.'] : commandReadOperands(cmd);
    // From every directory the command may run in (an earlier cd may have failed).
    for (const base of [cmd.cwd ?? view.shellCwd, ...(cmd.cwdAlts ?? [])]) for (const op of operands) {
      const shows = contents || contentOps.includes(op);
      const abs = absolutePath(op, base, ws.home);
      const physical = physicalSpelling(op, base, ws.home);
      const globbed = ws.globMatches?.get(abs);
      for (const ref of refs) {
        if (ref.path !== abs && ref.path !== physical && ref.aliasOf !== abs && !(globbed?.includes(ref.path) ?? false)) continue;
        // `cat src/*` meets the folder src/link-etc and only prints "Is a directory" (`pytest DIR` walks it).
        if (shows && ref.facts.folder && !folders && failsOnFolders(cmd.argv[0] ?? '')) continue;
        const tier = readTier(ref.facts, realCwd);
        // `ls build`, `cd .git` show names only: for them just the workspace boundary counts.
        if (tier.allowed || (!shows && ref.facts.insideWorkspace)) continue;
        bad = true;
        const opened = new Set([abs, ...(physical === null ? [] : [physical]), ...(globbed ?? [])]);
        why.push(`built-in: ${cmd.argv[0]} reads ${op === ref.path || opened.size === 1 ? op : `${op} → ${ref.path}`}: ${tier.reason}`);
      }
    }
  });
  return bad;
}

// `localReads`: a command no rule vouches for that only reads a local server (policy/vouch/local-server.ts) is vouched for by the
// engine; on under "contain instead of asking" only, as a contained run could not reach the server.
function allowShell(view: RequestView, book: RuleBook, ws: WorkspaceState, why: string[], localReads = false): Outcome | null {
  const a = view.analysis;
  if (a === null) return null;
  const used: Array<{ rule: Rule; text: string }> = [];
  const local: string[] = [];
  let covered = a.commands.length > 0;
  if (a.commands.length === 0) why.push('built-in: the command is empty');
  const whole = book.allow.find((r) => r.parsed.kind === 'tool' && ruleNamesTool(r.parsed, view.tool, view.family));
  a.commands.forEach((cmd, i) => {
    // What a runner runs is judged by the rule for the runner's own command.
    if (cmd.runBy !== undefined) return;
    let refused: string | null = null;
    // A prefix rule vouches only for what the engine understands (closed world); an exact rule for what it spells out.
    const vouches = (r: LiveRule): boolean => {
      if (!commandCovered(r.parsed, cmd, 'allow')) return false;
      if (r.parsed.kind !== 'bash') return true;
      const no = unvouched(r.parsed.specifier, cmd, view.shellRefs.filter((ref) => ref.cmd === i), ws.realCwd ?? ws.cwd);
      refused ??= no === null ? null : `${r.rule.pattern} does not vouch for ${quote(cmd.text)}: ${no}`;
      return no === null;
    };
    const lr = whole ?? shellCandidates(book.allow, cmd, view.programs[i]).find(vouches);
    if (lr) used.push({ rule: lr.rule, text: cmd.text });
    else if (localReads && localServerReadProblem(cmd, ws.gatehousePort) === null) local.push(cmd.text);
    else {
      covered = false;
      why.push(refused === null ? `no allow rule covers ${quote(cmd.text)}` : `built-in: ${refused}`);
    }
  });
  if (!whole && untieredReads(view, ws, why)) covered = false;
  // `cat ~/.netrc` under `Bash(*)`: a blanket rule does not vouch for reading a credential or secret; it runs contained or asks.
  const credentialRead = whole !== undefined && readsSecrets(view, ws, why);
  // `echo … >> .git/config`, `cp x .git/hooks/pre-commit`: git runs what its config and hooks say on the next git command.
  const gitWrite = view.shellRefs.find((r) => r.access === 'write' && writesGitInternals(r.facts, ws) && (r.redirect || !isReadOnlyCommand(a.commands[r.cmd]!)));
  if (gitWrite) {
    covered = false;
    why.push(`built-in: ${gitWrite.facts.requested} is inside .git/, a configured hooks folder, the global git config or a .gitattributes — git runs what its config, hooks and attributes say on the next git command, so no rule vouches for writing there`);
  }
  // `cd x && git status` in a bare git directory the agent wrote: git runs what x/config says (a blanket rule runs it contained).
  const bare = whole ? [] : bareGitRunReasons(ws);
  if (bare.length > 0) {
    covered = false;
    why.push(...bare);
  }
  // A blanket rule for the whole tool vouches for writing named workspace files (`ls > files.txt`), as it does for `cp`;
  // otherwise a Write/Edit rule or grant for exactly the file written does (`npm test > log.txt` with `Edit(./log.txt)`).
  const blockers = whole ? a.blockers.filter((b) => !b.workspaceWrite) : a.blockers.filter((b) => !writeVouched(b, view.shellRefs, book.allow, ws));
  for (const b of blockers) why.push(builtin(b.reason));
  const linked = view.shellRefs.find((r) => r.access === 'write' && !r.facts.insideWorkspace && isInside(r.facts.requested, ws.cwd) && !removesLinkItself(r, a));
  if (linked) {
    covered = false;
    why.push(linked.facts.resolved === linked.facts.requested
      ? `built-in: ${linked.facts.requested} is outside the workspace, so no rule vouches for writing it`
      : `built-in: ${linked.facts.requested} resolves to ${linked.facts.resolved}, outside the workspace, so writing it writes there`);
  }
  for (const ref of view.shellRefs) {
    if (!ref.redirect || ref.access !== 'read') continue;
    const tier = readTier(ref.facts, ws.realCwd ?? ws.cwd);
    if (!tier.allowed) {
      covered = false;
      why.push(`built-in: input redirect reads ${tier.reason}`);
    }
  }
  if (!covered || blockers.length > 0 || !a.parsed) return null;
  const reasons = [
    ...used.slice(0, MAX_RULE_REASONS).map((u) => `${ruleName(u.rule)} allows ${quote(u.text)}`),
    ...local.map((t) => `built-in: ${quote(t)} only reads a local server (a plain GET to this machine's loopback, not Gatehouse's port), which a contained run could not reach`),
  ];
  const out: Outcome = { decision: 'allow', reasons };
  if (used[0]) out.matched_rule = used[0].rule.id;
  // A rule for the whole shell vouches for what the engine cannot prove harmless only inside the sandbox.
  if (whole && !provablyHarmless(view, ws)) out.contained = 'blanket';
  if (credentialRead) out.contained = 'unvouched';
  return out;
}

/** Whether the command reads a path of the secret or credential tier (each such read named in `why`). */
function readsSecrets(view: RequestView, ws: WorkspaceState, why: string[] = []): boolean {
  return untieredReads(view, ws, why, (ref) => secretOrCredential(ref, ws));
}

/** Whether a path is of the secret or credential tier: a credential store outside the workspace, a secret-looking file inside. */
function secretOrCredential(ref: ShellRef, ws: WorkspaceState): boolean {
  if (!ref.facts.insideWorkspace) {
    const homes = [...new Set([ws.home, ws.realHome ?? ws.home])];
    return (credentialAnchor(ref.facts.requested, homes) ?? credentialAnchor(ref.facts.resolved, homes)) !== null;
  }
  return secretReason(relativeInside(ref.facts.resolved, ws.realCwd ?? ws.cwd) ?? ref.facts.resolved) !== null;
}

// Programs that act on a symbolic link named last in a path, not on what it points to.
const LINK_REMOVERS = new Set(['rm', 'unlink', 'rmdir']);

/**
 * `rm link-out` deletes the link, not its target: a path whose last part is itself the link (it resolves to another
 * name) is judged where it stands. `rm src/link-etc/hosts` goes through the link and removes /etc/hosts.
 */
function removesLinkItself(ref: ShellRef, a: ShellAnalysis): boolean {
  if (!LINK_REMOVERS.has(a.commands[ref.cmd]?.argv[0] ?? '')) return false;
  return path.basename(ref.facts.requested) !== path.basename(ref.facts.resolved);
}

function allowFiles(view: RequestView, book: RuleBook, ws: WorkspaceState, why: string[]): Outcome | null {
  if (view.files.length === 0) return null;
  if (view.family === 'read' && ignoreFilesOff(view.request.args)) {
    why.push(`built-in: ${view.tool} was told not to skip gitignored files, so its recursion reaches what the tiers ask about`);
    return null;
  }
  const used: Array<{ rule: Rule; path: string }> = [];
  for (const f of view.files) {
    if (view.family === 'write' && writesGitInternals(f.facts, ws)) {
      why.push(`built-in: ${f.facts.requested} is inside .git/, a configured hooks folder, the global git config or a .gitattributes — git runs what its config, hooks and attributes say on the next git command, so no rule or grant vouches for writing there`);
      return null;
    }
    const lr = book.allow.find((r) => allowCoversFile(r, f, view, ws));
    if (!lr) {
      const moved = f.facts.resolved !== f.facts.requested;
      if (moved && book.allow.some((r) => r.parsed.kind === 'path' && allowCoversFile(r, { key: f.key, facts: { ...f.facts, resolved: f.facts.requested } }, view, ws))) {
        why.push(`an allow rule covers ${f.facts.requested} but not where it resolves (${f.facts.resolved})`);
      }
      return null;
    }
    used.push({ rule: lr.rule, path: f.facts.requested });
  }
  const out: Outcome = { decision: 'allow', reasons: used.slice(0, MAX_RULE_REASONS).map((u) => `${ruleName(u.rule)} allows ${view.tool} on ${u.path}`) };
  if (used[0]) out.matched_rule = used[0].rule.id;
  return out;
}

// MCP tools named for writing, moving or creating files (the filesystem server's write_file, edit_file, move_file, create_directory).
const MCP_WRITER = /(^|_)(write|edit|move|rename|create|mkdir|delete|remove|append|patch|replace|save|copy|put|upload|update)(_|$)/i;

function allowRules(view: RequestView, book: RuleBook, ws: WorkspaceState, why: string[], localReads = false): Outcome | null {
  // A rule (or grant) for a command vouches for it run inside the agent's sandbox, not with that sandbox turned off.
  if (view.family === 'shell' && view.sandboxOff !== null) {
    why.push(`built-in: the call turns the agent's own sandbox off (${view.sandboxOff}); no rule vouches for running it unsandboxed`);
    return null;
  }
  if (view.family === 'shell') return allowShell(view, book, ws, why, localReads);
  if (view.family === 'read' || view.family === 'write') return allowFiles(view, book, ws, why);
  // An MCP tool that writes files meets the same .git guard as Write and Edit.
  const gitWrite = (view.family === 'mcp' || view.family === 'other') && MCP_WRITER.test(view.tool.split('__').at(-1) ?? view.tool) ? view.files.find((f) => writesGitInternals(f.facts, ws)) : undefined;
  if (gitWrite !== undefined) {
    why.push(`built-in: ${view.tool} writes ${gitWrite.facts.requested}, inside .git/, a configured hooks folder, the global git config or a .gitattributes — git runs what its config, hooks and attributes say on the next git command, so no rule vouches for writing there`);
    return null;
  }
  const lr = book.allow.find((r) => allowCoversCall(r, view, ws));
  return lr ? { decision: 'allow', reasons: [`${ruleName(lr.rule)} allows ${view.tool}`], matched_rule: lr.rule.id } : null;
}

function tiers(view: RequestView, ws: WorkspaceState, why: string[]): Outcome | null {
  if (view.family !== 'read' || view.files.length === 0 || ignoreFilesOff(view.request.args)) return null;
  const results = view.files.map((f) => readTier(f.facts, ws.realCwd ?? ws.cwd));
  const bad = results.filter((r) => !r.allowed);
  if (view.climbs) why.push(`built-in: workspace tier — the ${view.tool} pattern climbs out of its folder with ".."`);
  for (const r of bad) why.push(`built-in: workspace tier — ${r.reason}`);
  if (bad.length > 0 || view.climbs) return null;
  return { decision: 'allow', reasons: [`built-in: workspace tier — ${view.tool} is read-only and ${results[0]!.reason}`] };
}

function defaultReason(view: RequestView): string {
  switch (view.family) {
    case 'write':
      return `built-in: default — ${view.tool} changes files; only a rule, a session approval or you can allow that`;
    case 'mcp':
      return `built-in: default — MCP tool ${view.tool} is never allowed without a rule or you`;
    case 'other':
      return `built-in: default — ${view.tool} is a tool Gatehouse does not know; it needs your approval`;
    default:
      return `built-in: default — no rule allows this ${view.tool} call`;
  }
}

/** A recursive search reaching a file a Read deny or ask rule covers asks, as reading that file would (the probe found them). */
function deniedBelowReasons(ws: WorkspaceState): string[] {
  const out: string[] = [];
  for (const f of ws.paths.values()) {
    if (f.deniedBelow) out.push(`rule ${f.deniedBelow.rule} covers ${f.deniedBelow.path}, which the command reads through ${f.requested}`);
  }
  return out.slice(0, MAX_RULE_REASONS);
}

function decideBeforeMode(view: RequestView, input: PolicyInput, book: RuleBook, tamper: ReturnType<typeof tamperFindings>): Outcome {
  const ws = input.workspace;
  const denied = hardDeny(view, book, ws, tamper);
  if (denied) return denied;
  const asks = matchingRules(book.ask, view, ws, 'ask');
  if (asks[0]) {
    return { decision: 'ask', reasons: asks.slice(0, MAX_RULE_REASONS).map((h) => `${ruleName(h.rule)} asks for ${quote(h.what)}`), matched_rule: asks[0].rule.id };
  }
  const below = deniedBelowReasons(ws);
  if (below.length > 0) return { decision: 'ask', reasons: below };
  const session = view.problem === null ? sessionGrant(view, input, book, ws) : null;
  if (session) return session;
  if (view.problem !== null) return { decision: 'ask', reasons: [`built-in: cannot judge this request — ${view.problem}`], undecidable: true };
  const why: string[] = [];
  const allowed = allowRules(view, book, ws, why, input.containUnvouched === true) ?? tiers(view, ws, why) ?? sandboxRules(view, book, ws);
  if (allowed) return allowed;
  // A cwd that is no project folder has no workspace to contain a command in: it asks.
  if (ws.noWorkspace !== undefined) why.push(`built-in: ${ws.noWorkspace}`);
  else if (input.containUnvouched && view.family === 'shell') {
    const deletes = undoableDeletes(view.analysis, view.shellRefs, ws);
    const limits = uncontainedReasons(view.analysis, view.shellRefs, ws, deletes !== null);
    if (limits.length === 0) {
      const out: Outcome = { decision: 'allow', reasons: [...new Set(why), 'built-in: contain instead of asking — no rule vouches for this command, so it runs contained'], contained: 'unvouched' };
      if (deletes === null) return out;
      out.reasons.push(`built-in: the files it deletes (${deletes.length}) run only once the snapshot before the call holds them, so undo can restore them`);
      return { ...out, undoable_deletes: deletes };
    }
    why.push(...limits);
  }
  return { decision: 'ask', reasons: [...new Set([...why, defaultReason(view)])] };
}

/** `sandbox` rules: a shell command every part of which a sandbox or allow rule covers runs contained. */
function sandboxRules(view: RequestView, book: RuleBook, ws: WorkspaceState): Outcome | null {
  if (view.family !== 'shell' || book.sandbox.length === 0) return null;
  const out = allowShell(view, { ...book, allow: [...book.sandbox, ...book.allow] }, ws, []);
  return out === null ? null : { ...out, reasons: out.reasons.map((r) => `${r}, contained`), contained: 'sandbox-rule' };
}

/**
 * A contained allow for an agent that cannot run a rewritten command: a sandbox rule or "contain instead of asking"
 * asks; a blanket rule allows as it did before containment (approve-all is handled by the mode).
 */
function undeliverable(o: Outcome, view: RequestView): Outcome {
  if (!o.contained || o.decision !== 'allow' || takesRewrittenInput(view.request.agent)) return o;
  const { contained: _c, ...rest } = o;
  if (o.contained !== 'blanket') {
    return { decision: 'ask', reasons: [...o.reasons, `built-in: ${view.request.agent} cannot run a command rewritten into the sandbox, so a contained allow asks`] };
  }
  return rest;
}

/**
 * The verdict for one request: pure, given everything gathered up front (PolicyInput) and the
 * shell analysis for shell tools. Unknown or garbled input is asked, never allowed.
 */
export function evaluatePolicy(input: PolicyInput, analysis?: ShellAnalysis): Verdict {
  const view = buildView(input.request, input.workspace, analysis ?? null);
  const book = ruleBook(input.rules, input.workspace, input.now, input.request.agent);
  const tamper = tamperFindings(view, input.workspace);
  const outcome = undeliverable(decideBeforeMode(view, input, book, tamper), view);
  const containable = view.family === 'shell' && view.problem === null && takesRewrittenInput(input.request.agent);
  const contain = containable ? () => profileFor(book, input.workspace) : null;
  // Approve-all runs a harmless command as it is: reading `.env` or `~/.netrc` only reads, yet it is not harmless.
  const harmless = containable && provablyHarmless(view, input.workspace) && !readsSecrets(view, input.workspace);
  return withRefusedReads(applyMode(outcome, input.mode, collectRisks(view, input.workspace.realCwd ?? input.workspace.cwd, tamper), contain, harmless), view);
}

/** A contained verdict names the files the command reads that its sandbox hides (for the audit: the OS reports no refused read). */
function withRefusedReads(v: Verdict, view: RequestView): Verdict {
  if (v.decision !== 'allow' || v.contained === undefined) return v;
  const profile = v.contained;
  const hidden = view.shellRefs.filter((r) => !r.facts.missing && (!mayRead(profile, r.facts.requested) || !mayRead(profile, r.facts.resolved)));
  return hidden.length === 0 ? v : { ...v, refused_reads: [...new Set(hidden.map((r) => r.facts.requested))] };
}
