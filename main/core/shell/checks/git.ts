// git's argument injections: options that run commands, write files, or rewrite history, hidden behind `git diff:*`-style rules.
import { shellQuote } from '../words/argv.js';
import { flag } from '../findings.js';
import { isOneOf, scanArgs, type OptSpec, type Scan } from '../options.js';
import { absolutePath, isInside, protectedTarget } from '../paths.js';
import { wordSpan, wordsSpan, type CheckInput } from './context.js';
import { checkDataWrites } from './data-writes.js';

/** git's own options before the subcommand; the ones listed here take a value. */
export const GIT_GLOBAL: OptSpec = {
  shortValue: 'Cc',
  longValue: ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'list-cmds', 'attr-source'],
  stopAtOperand: true,
};

const REMOTE_OPTS = ['upload-pack', 'receive-pack', 'exec', 'repo', 'push-option', 'depth', 'shallow-since', 'refmap'];

/** Value-taking options per subcommand, so operands (`+main`, `:branch`) line up; diff-like commands share the default. */
const SUB_SPECS: Record<string, OptSpec> = {
  'format-patch': { shortValue: 'o', longValue: ['output-directory', 'output'] },
  init: { shortValue: 'b', longValue: ['template', 'separate-git-dir', 'object-format', 'ref-format', 'initial-branch'] },
  clone: { shortValue: 'uocbj', longValue: ['upload-pack', 'template', 'config', 'origin', 'branch', 'depth', 'reference', 'separate-git-dir', 'jobs', 'filter'] },
  'ls-remote': { shortValue: 'u', longValue: ['upload-pack'] },
  rebase: { shortValue: 'xsX', longValue: ['exec', 'onto', 'strategy', 'strategy-option'] },
  grep: {
    shortAttached: 'O',
    shortValue: 'efABCm',
    longValue: ['open-files-in-pager', 'regexp', 'file', 'after-context', 'before-context', 'context', 'max-count', 'max-depth', 'threads'],
  },
  difftool: { shortValue: 'xt', longValue: ['extcmd', 'tool'] },
  'filter-branch': {
    shortValue: 'd',
    longValue: ['setup', 'subdirectory-filter', 'env-filter', 'tree-filter', 'index-filter', 'parent-filter', 'msg-filter', 'commit-filter', 'tag-name-filter', 'original', 'state-branch'],
  },
  mergetool: { shortValue: 't', longValue: ['tool'] },
  push: { shortValue: 'o', longValue: REMOTE_OPTS },
  'send-pack': { longValue: ['receive-pack', 'exec', 'push-option'] },
  fetch: { longValue: REMOTE_OPTS },
  pull: { longValue: REMOTE_OPTS },
  archive: { shortValue: 'o', longValue: ['exec', 'remote', 'output', 'format', 'prefix', 'add-file', 'add-virtual-file', 'mtime'] },
  config: { shortValue: 'f', longValue: ['file', 'blob', 'type', 'default'] },
};
// Diff-like commands' short options with a value (`-Sfunction`, `-G re`, `-n5`, `-L1,5:f`, `-O order`; `-U5`, `-M50%` attached),
// so the value's letters are not read as more options (`-Sfunction` holds no `-o`).
const DEFAULT_SPEC: OptSpec = { shortValue: 'oSGOLn', shortAttached: 'UMCBl', longValue: ['output'] };

/** How a git subcommand's value-taking options are spelled (diff-like commands share one spec). */
export function gitSubcommandSpec(name: string): OptSpec {
  return SUB_SPECS[name] ?? DEFAULT_SPEC;
}

const DIFFS = new Set(['diff', 'log', 'show', 'format-patch', 'whatchanged', 'range-diff', 'diff-tree', 'diff-index', 'diff-files', 'stash', 'reflog']);
const REMOTE = new Set(['fetch', 'pull', 'clone', 'ls-remote', 'archive', 'remote', 'submodule', 'push', 'send-pack', 'fetch-pack']);
const CONFIG_READS = ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'get-color', 'get-colorbool', 'list', 'show-origin', 'show-scope', 'name-only'];

function checkGlobals(c: CheckInput, scan: Scan): void {
  for (const o of scan.opts) {
    const at = wordsSpan(c, o.index, o.valueIndex);
    if (isOneOf(o, ['c', 'config-env'])) {
      flag(c.f, 'code-execution', `git -c ${o.value ?? ''} overrides configuration; keys like core.pager, core.sshCommand, core.fsmonitor, core.hooksPath or alias.* run commands`, at);
      // `git -c core.pager='rm -rf ~' log`, `git -c alias.x='!rm -rf ~' x`: git hands such a value to the shell.
      const value = o.name === 'c' ? /^[^=]*=!?(.*)$/s.exec(o.value ?? '')?.[1] : undefined;
      if (value) c.scripts.push({ text: value, via: 'git -c' });
    } else if (isOneOf(o, ['exec-path'])) {
      flag(c.f, 'code-execution', 'git --exec-path makes git run its helper programs from another directory', at);
    } else if (isOneOf(o, ['C', 'git-dir', 'work-tree']) && o.value !== undefined) {
      const dir = absolutePath(o.value, c.cwd, c.ctx.home);
      if (!isInside(dir, c.ctx.cwd)) {
        flag(c.f, 'outside-workspace', `git ${o.long ? '--' : '-'}${o.name} ${o.value} works on a repository outside the workspace`, at);
      }
    }
  }
}

/**
 * Hands the shell command an option or verb gives git back for analysis, so hard denies and deny rules judge it.
 * Threat: `git difftool -x 'rm -rf ~'`, `git rebase --exec 'rm -rf ~' HEAD~1`, `git filter-branch --tree-filter 'rm -rf ~'`.
 */
function handToShell(c: CheckInput, text: string | undefined, via: string): void {
  if (text !== undefined && text.trim() !== '') c.scripts.push({ text, via });
}

function checkPush(c: CheckInput, sub: Scan, from: number): void {
  for (const o of sub.opts) {
    const at = wordSpan(c, o.index);
    if (isOneOf(o, ['f', 'force', 'force-with-lease', 'force-if-includes'])) {
      flag(c.f, 'destructive', 'git push --force overwrites the remote branch, discarding commits others may rely on', at);
    } else if (isOneOf(o, ['mirror', 'delete', 'd', 'prune'])) {
      flag(c.f, 'destructive', `git push ${o.long ? '--' : '-'}${o.name} deletes or replaces branches on the remote`, at);
    }
  }
  for (const i of sub.operands) {
    const ref = c.cmd.argv[i]!;
    if (i > from && ref.startsWith('+')) flag(c.f, 'destructive', `git push ${ref}: a leading + force-pushes that branch`, wordSpan(c, i));
    if (i > from + 1 && ref.startsWith(':')) flag(c.f, 'destructive', `git push ${ref}: an empty source deletes the remote branch`, wordSpan(c, i));
  }
}

function checkConfig(c: CheckInput, sub: Scan): void {
  const argv = c.cmd.argv;
  const operands = sub.operands.slice(1).map((i) => argv[i]!);
  const reads = sub.opts.some((o) => isOneOf(o, CONFIG_READS) || o.name === 'l') || ['get', 'list'].includes(operands[0] ?? '');
  if (!reads && (operands.length >= 2 || sub.opts.some((o) => isOneOf(o, ['e', 'edit', 'add', 'unset', 'unset-all', 'replace-all', 'rename-section', 'remove-section'])))) {
    flag(c.f, 'code-execution', 'git config changes settings, some of which (core.pager, core.hooksPath, alias.*) run commands', c.cmd.span);
    // `git config alias.x '!rm -rf ~' && git x`, `git config core.pager 'rm -rf ~'`: the value set is shell code git runs later.
    if (operands.length >= 2) handToShell(c, operands.at(-1)!.replace(/^!/, ''), 'git config');
  }
}

/**
 * Subcommands that throw work away: `git checkout -- .`/`git checkout .` and `git restore …` overwrite uncommitted edits,
 * `git update-ref` moves or deletes a branch under git's feet, and `git clean -f` in the home folder or / deletes everything
 * untracked there (a hard deny, like `rm -rf ~`).
 */
function checkDiscards(c: CheckInput, name: string, sub: Scan, from: number, repo: string): void {
  const argv = c.cmd.argv;
  const paths = sub.operands.filter((i) => i > from).map((i) => argv[i]!);
  const dashDash = argv.indexOf('--', from) > from;
  if (name === 'checkout' && (dashDash || paths.some((p) => p === '.' || p.startsWith(':') || /[*?[]|\/$/.test(p)))) {
    flag(c.f, 'destructive', 'git checkout of paths overwrites their uncommitted changes', c.cmd.span);
  } else if (name === 'restore' && paths.length > 0 && !(sub.opts.some((o) => isOneOf(o, ['S', 'staged'])) && !sub.opts.some((o) => isOneOf(o, ['W', 'worktree'])))) {
    flag(c.f, 'destructive', 'git restore overwrites uncommitted changes in the files it names', c.cmd.span);
  } else if (name === 'reset' && resetMovesBranch(argv, sub, from)) {
    flag(c.f, 'destructive', 'git reset to another commit takes the commits after it off the branch', c.cmd.span, 'risk');
  } else if (name === 'update-ref') {
    flag(c.f, 'destructive', 'git update-ref rewrites or deletes a branch directly, past the reflog-safe commands', c.cmd.span);
  } else if (name === 'clean' && sub.opts.some((o) => isOneOf(o, ['f', 'force']))) {
    const dir = protectedTarget(repo, c.cwd, c.ctx, false);
    if (dir !== null) flag(c.f, 'destructive', `git clean --force in ${dir} deletes every untracked file there`, c.cmd.span, 'hard');
  }
}

/**
 * `git reset [<commit>]` moves the branch; `git reset [<tree-ish>] [--] <paths>` only unstages. One operand and no paths
 * after a `--` is read as a commit (git's own reading when it names one), unless it is HEAD itself.
 */
function resetMovesBranch(argv: readonly string[], sub: Scan, from: number): boolean {
  const dd = argv.indexOf('--', from + 1);
  const ops = sub.operands.filter((i) => i > from);
  const before = ops.filter((i) => dd < 0 || i < dd);
  const after = ops.filter((i) => dd >= 0 && i > dd);
  return after.length === 0 && before.length === 1 && !['HEAD', '@'].includes(argv[before[0]!]!);
}

// The ext:: and fd:: transports, which run a command.
const RUNNING_TRANSPORT = /(^|[\s=])(ext|fd)::/;

function checkSub(c: CheckInput, name: string, sub: Scan, from: number): void {
  const argv = c.cmd.argv;
  for (const o of sub.opts) {
    const at = wordsSpan(c, o.index, o.valueIndex);
    const opt = `${o.long ? '--' : '-'}${o.name}`;
    if (DIFFS.has(name) && (isOneOf(o, ['output', 'output-directory']) || (o.name === 'o' && !o.long))) {
      flag(c.f, 'writes-file', `git ${name} ${opt} writes its output to the file ${o.value ?? ''}`, at);
    } else if (DIFFS.has(name) && isOneOf(o, ['ext-diff'])) {
      flag(c.f, 'code-execution', `git ${name} --ext-diff runs an external diff program`, at);
    } else if (isOneOf(o, ['upload-pack', 'receive-pack']) || (o.name === 'u' && !o.long && (name === 'clone' || name === 'ls-remote'))) {
      flag(c.f, 'code-execution', `git ${name} ${opt} runs ${o.value ?? 'a program'} as the remote helper`, at);
      handToShell(c, o.value, `git ${name}`);
    } else if (isOneOf(o, ['exec']) || (name === 'rebase' && o.name === 'x' && !o.long)) {
      flag(c.f, 'code-execution', `git ${name} ${opt} runs the command ${o.value ?? ''}`, at);
      handToShell(c, o.value, `git ${name}`);
    } else if ((name === 'clone' && isOneOf(o, ['template', 'config', 'c'])) || (name === 'init' && isOneOf(o, ['template']))) {
      // `git init --template=DIR` in an existing repository copies DIR's hooks into .git/hooks, where the next commit runs them.
      flag(c.f, 'code-execution', `git ${name} ${opt} installs hooks or configuration that run commands`, at);
    } else if ((name === 'difftool' || name === 'mergetool') && isOneOf(o, ['x', 'extcmd'])) {
      flag(c.f, 'code-execution', `git ${name} ${opt} runs the command ${o.value ?? ''}`, at);
      handToShell(c, o.value, `git ${name}`);
    } else if (name === 'grep' && isOneOf(o, ['O', 'open-files-in-pager'])) {
      flag(c.f, 'code-execution', `git grep ${opt} opens results with a command it runs`, at);
      handToShell(c, o.value, 'git grep');
    } else if (name === 'filter-branch' && o.long && /filter$|^setup$/.test(o.name)) {
      flag(c.f, 'code-execution', `git filter-branch ${opt} runs shell code for every commit`, at);
      if (o.name !== 'subdirectory-filter') handToShell(c, o.value, 'git filter-branch');
    } else if (name === 'reset' && isOneOf(o, ['hard', 'merge', 'keep'])) {
      flag(c.f, 'destructive', `git reset ${opt} discards uncommitted changes`, at);
    } else if (name === 'clean' && isOneOf(o, ['f', 'force'])) {
      flag(c.f, 'destructive', 'git clean --force deletes untracked files', at);
    } else if ((name === 'checkout' || name === 'switch') && isOneOf(o, ['f', 'force', 'discard-changes'])) {
      flag(c.f, 'destructive', `git ${name} ${opt} discards local changes`, at);
    } else if (name === 'branch' && (o.name === 'D' || isOneOf(o, ['force']))) {
      flag(c.f, 'destructive', 'git branch -D deletes a branch even when it is not merged', at, 'risk');
    }
  }
  const ops = sub.operands.map((i) => argv[i]!);
  const first = ops[1];
  if ((name === 'bisect' && first === 'run') || (name === 'submodule' && first === 'foreach') || (name === 'hook' && first === 'run')) {
    flag(c.f, 'code-execution', `git ${name} ${first} runs commands`, c.cmd.span);
    // `git bisect run rm -rf ~`, `git submodule foreach 'rm -rf ~'`: git hands the words after the verb to the shell,
    // one word as shell code, several as a quoted command line.
    const words = argv.slice(sub.operands[1]! + 1);
    if (name !== 'hook') handToShell(c, words.length === 1 ? words[0] : words.map(shellQuote).join(' '), `git ${name} ${first}`);
  }
  if (name === 'stash' && (first === 'drop' || first === 'clear')) flag(c.f, 'destructive', `git stash ${first} deletes stashed changes`, c.cmd.span, 'risk');
  argv.forEach((w, i) => {
    if (i > from && RUNNING_TRANSPORT.test(w)) flag(c.f, 'code-execution', `git ${name} ${w}: the ${w.includes('ext::') ? 'ext' : 'fd'}:: transport runs a command`, wordSpan(c, i));
  });
  if (name === 'config') checkConfig(c, sub);
  if (name === 'apply' || name === 'am') checkDataWrites(c, `git ${name}`, argv.slice(from + 1));
  // send-pack is push's plumbing: `--force`, `--mirror` and `+ref` rewrite the remote the same way.
  if (name === 'push' || name === 'send-pack') checkPush(c, sub, name === 'send-pack' ? from + 1 : from);
  if (REMOTE.has(name)) flag(c.f, 'network', `git ${name} talks to a remote repository`, c.cmd.span, 'risk');
}

/**
 * Flags git invocations that do more than their subcommand suggests.
 * Threat: `git diff --output=~/.bashrc`, `git -c core.pager='sh -c …' log`, `git fetch --upload-pack=evil` under prefix rules.
 */
export function checkGit(c: CheckInput): void {
  const argv = c.cmd.argv;
  const globals = scanArgs(argv, 1, GIT_GLOBAL);
  checkGlobals(c, globals);
  const at = globals.end;
  const name = argv[at];
  if (name === undefined) return;
  const sub = scanArgs(argv, at, gitSubcommandSpec(name));
  checkSub(c, name, sub, at);
  // `git -C ~ clean -f`, `git --work-tree=~ clean -f` work where the option leads (each relative to the one before).
  const dirs = globals.opts.filter((o) => isOneOf(o, ['C', 'work-tree']) && o.value !== undefined);
  const repo = dirs.reduce((d, o) => absolutePath(o.value!, d, c.ctx.home), c.cwd);
  checkDiscards(c, name, sub, at, repo);
}
