// analyzeShellCommand: parse, split, unwrap and check a command string; nested scripts are analyzed recursively.
import type { SyntaxNode as Node } from './syntax-tree.js';
import { expandWords } from './braces.js';
import { checkDynamic, checkEnv, checkFedText, checkSpelling, keepsPlainVariables } from './checks/general.js';
import { checkProgram } from './checks/index.js';
import { findSweeps } from './checks/find.js';
import type { CheckInput, StdinSource } from './checks/context.js';
import { checkPipeline, decodes, type Stage } from './checks/pipeline.js';
import { writtenBuildScripts } from './checks/build-files.js';
import { shellCommandOf } from './env-vars.js';
import { block, dedupe, flag, newFindings, type Findings } from './findings.js';
import { parseBash, shellParserReady } from './parser.js';
import { absolutePath, protectedTarget } from './paths.js';
import { longOption } from './options.js';
import { commandProgram, isRunnerProgram, runnerReadings } from './package-runners.js';
import { programName } from './program.js';
import { launchedReadings } from './launched.js';
import { listsWorkspaceNames, readsNamedFiles } from './read-operands.js';
import { checkRedirect } from './redirects.js';
import { salvageFragments } from './salvage.js';
import { staticOutput, type FedText } from './static-output.js';
import { resolveStaticSubstitutions } from './static-script.js';
import type { ShellAnalysis, ShellContext, SimpleCommand, Span } from './types.js';
import { rebindsArguments, unwrap, type Unwrapped } from './unwrap.js';
import { WRAPPERS } from './wrapper-specs.js';
import { walkProgram, type Assignment, type RawCommand, type WalkState } from './walk.js';
import { syntheticWord, type Word } from './words.js';
import { wordListCommands } from './word-lists.js';
import { respelled } from './respelled.js';
import { recordWrites, runsWritten, type WrittenFiles, type WrittenRun } from './written-scripts.js';

/** Nesting depth (`bash -c "bash -c …"`) beyond which a command is not analyzed further. */
const MAX_DEPTH = 8;
/** The positional parameters of a script run with no arguments: none. */
const NO_ARGUMENTS: ReadonlyMap<string, Word[]> = new Map();
/** Longer commands are flagged: nobody reviews them, and they hide things. */
const MAX_LENGTH = 10_000;

/** Programs whose only job is to delete or overwrite: as root, any use of them is destructive. */
const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'truncate', 'dd', 'wipefs']);

interface State {
  ctx: ShellContext;
  f: Findings;
  commands: SimpleCommand[];
  parsed: boolean;
  /** The command line never rebinds HOME, USER and the like, so printing them shows what bash set (checks/general.ts). */
  plainVariables: boolean;
  /** Files the command line has written so far, for a later command that runs one (written-scripts.ts). */
  written: WrittenFiles;
}

/** What a nested script inherits from the command that runs it. */
interface Outer {
  wrappers: string[];
  env: Assignment[];
  forms: string[][];
  privileged: boolean;
  appendsArgs: boolean;
  cwd: string | null;
  /** Fragments of an unparsable command are analyzed only to find what must be denied. */
  salvage: boolean;
  /** Read as a command an unknown program may launch (launched.ts): its own words are not read so again. */
  launched?: boolean;
}

function firstError(n: Node): Node | null {
  if (n.isError || n.isMissing) return n;
  if (!n.hasError) return null;
  for (const c of n.children) {
    const e = firstError(c);
    if (e) return e;
  }
  return n;
}

function stdinOf(raw: RawCommand): StdinSource {
  if (raw.redirects.some((r) => r.stdin)) return 'heredoc';
  if (raw.redirects.some((r) => r.redirect.kind === 'read')) return 'file';
  return raw.pipe && raw.pipe.stage > 0 ? 'pipe' : 'inherited';
}

/** `a` then `b`; one of them itself when the other is empty (these lists are never changed once made). */
function joined<T>(a: T[], b: T[]): T[] {
  return a.length === 0 ? b : b.length === 0 ? a : [...a, ...b];
}

/** What a command inherits plus what its own wrappers add. */
function innerOf(outer: Outer, u: Unwrapped, raw: RawCommand, ctx: ShellContext): Outer {
  const base = raw.cwd;
  return {
    wrappers: joined(outer.wrappers, u.wrappers),
    env: joined(outer.env, u.env),
    forms: joined(outer.forms, u.forms),
    privileged: outer.privileged || u.privileged,
    appendsArgs: outer.appendsArgs || u.xargs,
    cwd: u.chdir === undefined ? base : u.chdir === null || base === null ? null : absolutePath(u.chdir, base, ctx.home),
    salvage: outer.salvage,
    launched: outer.launched,
  };
}

// Interpreters that, given no script, open an interactive prompt.
const PROMPTS = /^(python(\d+(\.\d+)?)?|node|nodejs|perl|ruby|irb|php|lua|tclsh|wish)$/;

/**
 * A shell or an interpreter's prompt opened with another user's privileges is a root shell, however it is reached.
 * Threat: `sudo find . -exec /bin/sh \;`, `su root -c sh`, `sudo awk 'BEGIN{system("/bin/sh")}'`, `sudo python3`.
 */
function rootPrompt(u: Unwrapped, outer: Outer, inner: Outer, st: State, where: Span): void {
  if (!inner.privileged) return;
  const name = programName(u.argv[0]?.value ?? '');
  // A shell directly after the privilege wrapper is unwrap's to judge (it knows whether a script or file follows).
  const shell = outer.privileged && u.shellReadsStdin;
  const prompt = u.argv.length === 1 && PROMPTS.test(name);
  if (shell || prompt) flag(st.f, 'privilege', `${name} opened with another user's (root's) privileges is a shell for that user: privilege escalation`, where, 'hard');
}

/** Analyzes the script a command runs (`sh -c`, `eval`, a heredoc fed to a shell); true when it yielded commands. */
function runScript(u: Unwrapped, raw: RawCommand, piped: FedText | undefined, st: State, at: (s: Span) => Span, depth: number, inner: Outer): boolean {
  const own = raw.redirects.find((r) => r.stdin)?.stdin;
  const stdin = u.shellReadsStdin ? (own ?? piped) : undefined;
  if (stdin && !own) block(st.f, `piping text into ${programName(u.argv[0]?.value ?? 'sh')} runs it as shell commands`, at(raw.span));
  const script = u.script ?? (stdin ? { ...stdin, via: programName(u.argv[0]?.value ?? 'sh') } : undefined);
  if (!script) return false;
  const before = st.commands.length;
  const scriptSpan = at(script.span);
  const scriptOuter = stdin ? { ...inner, wrappers: [...inner.wrappers, script.via] } : inner;
  if (script.dynamic) {
    block(st.f, `${script.via} runs shell code that is only known at run time`, scriptSpan);
    // Substitutions that print fixed text (`"$(echo rm -rf /)"`) are read as the script they make, so hard denies fire.
    const resolved = resolveStaticSubstitutions(script.text, st.ctx);
    if (resolved !== null) analyzeSource(resolved, st, () => scriptSpan, depth + 1, scriptOuter);
  }
  analyzeSource(script.text, st, () => scriptSpan, depth + 1, scriptOuter, u.script?.positional);
  return st.commands.length > before;
}

function toSimpleCommand(raw: RawCommand, source: string, argvWords: Word[], inner: Outer, at: (s: Span) => Span, ctx: ShellContext): SimpleCommand {
  // Optional fields are set in order, not spread in: an object literal with spreads takes V8's slow generic path.
  const cmd: SimpleCommand = {
    argv: argvWords.map((w, i) => (i === 0 ? programName(w.value) : w.value)),
    text: source.slice(raw.span.start, raw.span.end),
    span: at(raw.span),
    env: inner.env.map((e) => ({ name: e.name, value: e.value })),
    redirects: raw.redirects.map((r) => {
      const where = at(r.redirect.span);
      return where === r.redirect.span ? r.redirect : { ...r.redirect, span: where };
    }),
    wrappers: inner.wrappers,
    dynamic: argvWords.some((w) => w.dynamic) || inner.env.some((e) => e.dynamic) || inner.cwd === null,
    wordSpans: argvWords.map((w) => at(w.span)),
    program: argvWords[0]?.value ?? '',
    forms: inner.forms,
  };
  if (inner.cwd !== null && inner.cwd !== ctx.cwd) cmd.cwd = inner.cwd;
  // A cd from where bash stayed only matters for the commands after it, which carry that directory themselves.
  if (raw.cwdAlts && inner.cwd === raw.cwd && !/^(cd|pushd|popd)$/.test(programName(argvWords[0]?.value ?? ''))) cmd.cwdAlts = raw.cwdAlts;
  if (raw.background) cmd.background = true;
  if (inner.appendsArgs) cmd.appendsArgs = true;
  return cmd;
}

/** Whether a risk flagged since the first `from` passes `test` (read in place: asked for every command). */
function riskSince(f: Findings, from: number, test: (r: Findings['risks'][number]) => boolean): boolean {
  for (let i = from; i < f.risks.length; i++) if (test(f.risks[i]!)) return true;
  return false;
}

/** Checks one unwrapped command; returns the argument lists it runs as commands of their own (`find -exec`). */
function checkCommand(cmd: SimpleCommand, words: Word[], argvWords: Word[], raw: RawCommand, inner: Outer, st: State, at: (s: Span) => Span, piped: FedText | undefined): CheckInput {
  const f = st.f;
  checkDynamic(argvWords, inner.env, at, f, st.plainVariables);
  let wrapperWord: Word | undefined;
  for (let i = 0; i < words.length - argvWords.length && wrapperWord === undefined; i++) if (words[i]!.dynamic) wrapperWord = words[i];
  if (wrapperWord) block(f, `${wrapperWord.value} in the wrapper's arguments is only known at run time`, at(wrapperWord.span));
  if (inner.cwd === null) block(f, 'runs after a cd to a directory only known at run time', cmd.span);
  const fed = raw.redirects.find((r) => r.stdin)?.stdin;
  if (fed !== undefined && fed.expansions.length > 0) checkFedText(fed.expansions, at(fed.span), f, st.plainVariables);
  // Text piped from a stage whose output the command line fixes (`printf 'x:\n\trm -rf ~' | make -f-`) is fed text too.
  const text = fed?.text ?? piped?.text;
  const c: CheckInput = { cmd, ctx: st.ctx, cwd: inner.cwd ?? st.ctx.cwd, f, stdin: stdinOf(raw), nested: [], scripts: [] };
  if (text !== undefined) c.stdinText = text;
  const risksBefore = f.risks.length;
  checkProgram(c);
  // Where an earlier cd may have failed, the command runs where bash stayed: judged from there too (`cd a/b/c; rm -rf ../../usr`).
  for (const alt of cmd.cwdAlts ?? []) checkProgram({ ...c, cwd: alt, nested: [], scripts: [] });
  const destructive = riskSince(f, risksBefore, (r) => r.flag === 'destructive');
  if ((destructive || DELETERS.has(cmd.argv[0] ?? '')) && inner.privileged) {
    const via = inner.wrappers.find((w) => WRAPPERS.get(w)?.kind === 'privilege') ?? 'privilege escalation';
    flag(f, 'destructive', `${via} combined with a destructive command`, cmd.span, 'hard');
  }
  if (destructive && inner.appendsArgs) flag(f, 'destructive', `xargs feeds unseen arguments to the destructive command ${cmd.argv[0]}`, cmd.span);
  return c;
}

const ARG_FILE = longOption('arg-file');

/** Risk reasons that say a file outside the workspace is written, removed or replaced (see files.ts, redirects.ts). */
const OUTSIDE_WRITE = /\b(writes|removes|edits in place|overwrites|moves)\b.*outside the workspace/;

/** Words xargs would append from text it reads (split on blanks), so its command is checked with them. */
function xargsWords(fed: FedText): Word[] {
  return fed.text.split(/\s+/).filter((t) => t !== '').map((t) => ({ ...syntheticWord(t, fed.span), dynamic: fed.dynamic }));
}

/**
 * `xargs -I R CMD` runs CMD once per input line with the line where R stands: in its words, and in a shell script it
 * hands on (`xargs -I{} sh -c '{}' <<< 'rm -rf ~'` runs `rm -rf ~`).
 */
function replaceByXargs(u: Unwrapped, r: string, fed: FedText): void {
  const lines = fed.text.split('\n').filter((l) => l.trim() !== '');
  const first = lines[0] ?? '';
  u.argv = u.argv.map((w) => (w.value.includes(r) ? { ...w, value: w.value.replaceAll(r, first), dynamic: w.dynamic || fed.dynamic } : w));
  if (u.script) u.script = { ...u.script, text: lines.map((l) => u.script!.text.replaceAll(r, l)).join('\n'), dynamic: u.script.dynamic || fed.dynamic };
}

/** Analyzes the commands inside backquotes (or a `$(…)` tree-sitter missed) of an unquoted heredoc, left as plain text. */
function heredocBackticks(raw: RawCommand, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  for (const r of raw.redirects) {
    for (const b of r.backticks ?? []) {
      flag(st.f, 'code-execution', 'a command substitution in a heredoc runs a command whose output becomes its text', at(b.span));
      analyzeSource(b.text, st, (s) => at({ start: b.span.start + s.start, end: b.span.start + s.end }), depth + 1, inner);
    }
  }
}

// The text each pipeline stage was fed, when known, so a decoder after it (`echo … | base64 -d | sh`) prints known text.
const fedStages = new WeakMap<RawCommand, FedText>();

function processRaw(raw: RawCommand, source: string, st: State, at: (s: Span) => Span, depth: number, outer: Outer, stages: Map<number, Stage[]>, prev?: RawCommand): void {
  const piped = (prev && staticOutput(prev, fedStages.get(prev))) ?? undefined;
  if (piped) fedStages.set(raw, piped);
  const kept = (w: Word): boolean => w.value !== '' || w.span.end > w.span.start;
  let words = expandWords(raw.words.every(kept) ? raw.words : raw.words.filter(kept));
  // A bare `> file` is bash's `: > file`: a command, so rules, tamper and tiers see the file it truncates.
  if (words.length === 0 && raw.redirects.length > 0) words = [syntheticWord(':', { start: raw.span.start, end: raw.span.start })];
  if (words.length === 0) {
    // Only assignments or redirects (`> file`, or a name the parser had to invent): check those, emit no command.
    checkEnv(raw.assignments, at, st.f);
    for (const r of raw.redirects) checkRedirect(r.redirect, raw.cwd ?? st.ctx.cwd, st.ctx, st.f, at);
    return;
  }
  const u = unwrap(words, raw.assignments, st.f, at);
  const inner = innerOf(outer, u, raw, st.ctx);
  rootPrompt(u, outer, inner, st, at(raw.span));
  heredocBackticks(raw, st, at, depth, inner);
  const fed = raw.redirects.find((r) => r.stdin)?.stdin ?? piped;
  // The wrapper's words are those not in argv (bare `xargs` runs a synthetic echo).
  if (u.xargs && u.argv[0]) sweptByXargs(u.argv.map((w) => w.value), prev, raw.cwd ?? st.ctx.cwd, st, at(raw.span));
  if (u.xargs && words.some((w) => !u.argv.includes(w) && (/^-[^-]*a/.test(w.value) || ARG_FILE.test(w.value)))) {
    // `xargs -a .env` prints the file through echo; `xargs -a list cat` reads the files it names.
    block(st.f, 'xargs -a reads the arguments it runs with from a file', at(raw.span));
  } else if (u.xargs && fed && u.replace !== undefined) replaceByXargs(u, u.replace, fed);
  else if (u.xargs && fed) u.argv = [...u.argv, ...xargsWords(fed)];
  else if (u.xargs && u.argv[0] && namesFromText(raw, prev)) {
    const prog = programName(u.argv[0].value);
    // Names for a reader; for anything else, options or a whole command (`xargs env`, `xargs git diff`) from text.
    if (readsNamedFiles(prog)) block(st.f, `xargs hands ${prog} file names that are only known at run time`, at(raw.span));
    else if (prog !== 'echo' && prog !== 'printf') block(st.f, `xargs hands ${prog} arguments from text only known at run time`, at(raw.span));
  }
  checkEnv(u.env, at, st.f);
  checkSpelling(words, at, st.f);
  const risksStart = st.f.risks.length;
  if (raw.redirects.length > 0) for (const dir of [inner.cwd ?? st.ctx.cwd, ...(raw.cwdAlts ?? [])]) for (const r of raw.redirects) checkRedirect(r.redirect, dir, st.ctx, st.f, at);
  // `echo cm0g… | base64 -d | sh`: the decoded script is analyzed below, and the hiding is flagged here, since a
  // pipeline whose script is known is not checked as a pipeline.
  if (piped && prev && u.shellReadsStdin && decodes(prev.words.map((w) => w.value))) {
    flag(st.f, 'obfuscation', `${programName(prev.words[0]?.value ?? '')} … | ${programName(u.argv[0]?.value ?? 'sh')} decodes hidden text and runs it`, at({ start: fedStages.get(prev)?.span.start ?? prev.span.start, end: raw.span.end }));
  }
  const here = inner.cwd ?? st.ctx.cwd;
  const ran = runsWritten(u.argv, raw, u.shellReadsStdin, here, st.ctx, st.written);
  if (ran) runWritten(ran, u, raw, st, at, depth, inner);
  if (runScript(u, raw, piped, st, at, depth, inner)) return;
  commandFromValues(words, raw, st, at, depth, inner);
  const cmd = toSimpleCommand(raw, source, u.argv, inner, at, st.ctx);
  recordWrites(cmd, u.argv, raw, fed, here, st.ctx, st.written);
  const { nested, scripts } = checkCommand(cmd, words, u.argv, raw, inner, st, at, piped);
  for (const e of u.env) {
    const text = shellCommandOf(e.name, e.value);
    if (text !== null) scripts.push({ text, via: e.name });
  }
  if (inner.privileged && riskSince(st.f, risksStart, (r) => r.flag === 'outside-workspace' && OUTSIDE_WRITE.test(r.reason))) {
    // `echo x | sudo tee /etc/passwd`, `sudo cp /dev/null /etc/passwd`, `sudo mv /bin/bash /tmp`: root overwriting the system.
    const via = inner.wrappers.find((w) => WRAPPERS.get(w)?.kind === 'privilege') ?? 'privilege escalation';
    flag(st.f, 'destructive', `${via} combined with a write outside the workspace`, at(raw.span), 'hard');
  }
  st.commands.push(cmd);
  if (raw.pipe) {
    const list = stages.get(raw.pipe.group) ?? [];
    list.push({ stage: raw.pipe.stage, cmd, shellReadsStdin: u.shellReadsStdin && !raw.redirects.some((r) => r.stdin) });
    stages.set(raw.pipe.group, list);
  }
  runnerCommands(u.argv, cmd, raw, source, st, at, depth, inner);
  launchedCommands(u.argv, cmd, raw, source, st, at, depth, inner);
  for (const s of scripts) {
    // Only what must be denied: text that does not parse as shell is left to the program's own checks.
    analyzeSource(s.text, st, () => cmd.span, depth + 1, { ...inner, wrappers: [...inner.wrappers, s.via], salvage: true });
  }
  for (const n of nested) {
    const nestedRaw: RawCommand = { words: u.argv.slice(n.start, n.end), assignments: [], redirects: [], span: raw.span, background: raw.background, cwd: raw.cwd };
    // `find … -exec cat {} +` (`fd -X cat`) opens every file find walks, as `find … | xargs cat` does.
    processRaw(nestedRaw, source, st, at, depth + 1, { ...inner, wrappers: [...inner.wrappers, n.via], appendsArgs: inner.appendsArgs || n.via === 'find' || n.via === 'fd' }, new Map());
  }
}

/**
 * A file this command line wrote and now runs: shell text it fixed is analyzed as the commands it is (so hard denies and
 * deny rules judge them); anything else, or what runs inside this shell (`source`, `.`, where a `cd` or alias outlives it), asks.
 */
function runWritten(ran: WrittenRun, u: Unwrapped, raw: RawCommand, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  const via = programName(u.argv[0]?.value ?? '');
  const known = ran.content !== null && !ran.content.dynamic;
  if (!known || ran.how !== 'child') block(st.f, `${via} runs ${ran.path}, which this command line writes first${known ? '' : ' with contents only known at run time'}`, at(raw.span));
  // A makefile written first (`printf 'x:\n\trm -rf ~' > Makefile && make`): its recipes are the shell code that runs.
  const recipes = ran.content === null ? null : writtenBuildScripts(via, ran.content.text);
  if (ran.content === null || (ran.how === 'other' && recipes === null)) return;
  const where = { ...inner, wrappers: [...inner.wrappers, via], salvage: ran.content.dynamic || recipes !== null };
  for (const text of recipes ?? [ran.content.text]) analyzeSource(text, st, () => at(raw.span), depth + 1, where);
}

/**
 * Commands read for what must be denied, in a scratch analysis: their hard denies count, and their commands (marked
 * `runBy`) meet deny rules and the tamper guard; allow rules still judge `cmd` itself, and what only asks is left to it.
 */
function forDenials(cmd: SimpleCommand, st: State, inner: Outer, launched: boolean, read: (scratch: State, via: Outer) => void): void {
  const scratch: State = { ...st, f: newFindings(), commands: [], parsed: true };
  read(scratch, { ...inner, wrappers: [...inner.wrappers, cmd.argv[0]!], salvage: true, launched });
  st.f.hardDenies.push(...scratch.f.hardDenies);
  st.f.blockers.push(...scratch.f.hardDenies);
  st.commands.push(...scratch.commands.map((c) => ({ ...c, runBy: cmd.argv[0]! })));
}

/**
 * What a package or environment runner runs (`npx rm -rf ~`, `uv run git push`, `npx -c 'rm -rf ~'`), read for what must
 * be denied (forDenials).
 */
function runnerCommands(argvWords: Word[], cmd: SimpleCommand, raw: RawCommand, source: string, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  if (!isRunnerProgram(cmd.argv[0] ?? '')) return;
  const readings = runnerReadings(cmd.argv).filter((r) => r.command.length > 0);
  if (readings.length === 0) return;
  forDenials(cmd, st, inner, inner.launched === true, (scratch, via) => {
    for (const r of readings) {
      if (r.call !== undefined) {
        analyzeSource(r.call, scratch, () => cmd.span, depth + 1, via);
        continue;
      }
      const [program, ...args] = argvWords.slice(argvWords.length - r.command.length);
      const words = [{ ...program!, value: commandProgram(program!.value) }, ...args];
      processRaw({ words, assignments: [], redirects: [], span: raw.span, background: raw.background, cwd: raw.cwd }, source, scratch, at, depth + 1, via, new Map());
    }
  });
}

/**
 * A program the engine does not know, handed what may be another program's name and words or shell code (launched.ts):
 * each reading is judged for what must be denied (forDenials), the strictest wins. Readings are not read again.
 */
function launchedCommands(argvWords: Word[], cmd: SimpleCommand, raw: RawCommand, source: string, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  if (inner.launched) return;
  const readings = launchedReadings(argvWords);
  if (readings.length === 0) return;
  forDenials(cmd, st, inner, true, (scratch, via) => {
    for (const r of readings) {
      if ('script' in r) analyzeSource(r.script.value, scratch, () => at(r.script.span), depth + 1, via);
      else processRaw({ words: r.words, assignments: [], redirects: [], span: raw.span, background: raw.background, cwd: raw.cwd }, source, scratch, at, depth + 1, via, new Map());
    }
  });
}

/** What a lister before xargs prints of a protected place (`find ~` all below it; `realpath ~`, `ls -d ~`, `pwd` the place itself), or null. */
function listedPlace(words: readonly string[], cwd: string, ctx: ShellContext): string | null {
  const lister = programName(words[0] ?? '');
  if (lister === 'find') return findSweeps(words, cwd, ctx);
  if (lister === 'pwd') return protectedTarget('.', cwd, ctx);
  if (!/^(realpath|grealpath|readlink)$/.test(lister) && !(lister === 'ls' && words.some((w) => /^-[a-zA-Z]*d/.test(w)))) return null;
  for (const w of words.slice(1)) {
    const why = w.startsWith('-') ? null : protectedTarget(w, cwd, ctx);
    if (why !== null) return why;
  }
  return null;
}

/**
 * `find ~ | xargs rm -rf`, `realpath ~ | xargs rm -rf`, `ls -d / | xargs chmod -R 777`: a deleter (or a recursive
 * re-permissioner) fed what a lister prints of a protected place destroys it.
 */
function sweptByXargs(argv: readonly string[], prev: RawCommand | undefined, cwd: string, st: State, where: Span): void {
  const words = prev?.words.map((w) => w.value) ?? [];
  const program = argv[0] ?? '';
  const reowns = /^(chmod|chown|chgrp)$/.test(programName(program)) && argv.some((w) => /^-[a-zA-Z]*R|^--recursive$/.test(w));
  if (!DELETERS.has(programName(program)) && !reowns) return;
  const why = listedPlace(words, cwd, st.ctx);
  if (why !== null) flag(st.f, 'destructive', `${programName(words[0] ?? '')} lists ${why} and xargs ${programName(program)} ${reowns ? 're-permissions' : 'deletes'} it`, where, 'hard');
}

/**
 * Whether xargs reads its names from text that may name any file: a file (`< list`) or a pipeline stage
 * that does not just list workspace files. Threat: `cat list | xargs cat`, `xargs cat < list` under `Bash(cat:*)`.
 */
function namesFromText(raw: RawCommand, prev: RawCommand | undefined): boolean {
  if (prev) return !listsWorkspaceNames(prev.words.map((w) => w.value));
  return raw.redirects.some((r) => r.redirect.kind === 'read' && /^0?<$/.test(r.redirect.op));
}

/**
 * A program word made at run time from values the command fixes itself (`$(echo rm -rf /)`, `x=rm; $x -rf /`) is read
 * again as the command it spells, for the deny checks only (the word itself is never allowable).
 */
function commandFromValues(words: Word[], raw: RawCommand, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  for (const text of respelled(words)) analyzeSource(text, st, () => at(raw.span), depth + 1, { ...inner, salvage: true });
}

/** Each pipeline stage by group and stage number, so the stage before a command is found in one look-up. */
function stagesOf(all: readonly RawCommand[]): Map<string, RawCommand> {
  const out = new Map<string, RawCommand>();
  for (const r of all) if (r.pipe && !out.has(`${r.pipe.group}:${r.pipe.stage}`)) out.set(`${r.pipe.group}:${r.pipe.stage}`, r);
  return out;
}

/** The stage before `raw` in its pipeline, whose output `raw` reads. */
function previousStage(raw: RawCommand, stages: ReadonlyMap<string, RawCommand>): RawCommand | undefined {
  const pipe = raw.pipe;
  if (!pipe || pipe.stage === 0) return undefined;
  return stages.get(`${pipe.group}:${pipe.stage - 1}`);
}

function analyzeSource(source: string, st: State, at: (s: Span) => Span, depth: number, outer: Outer, positional?: ReadonlyMap<string, Word[]>): void {
  if (depth > MAX_DEPTH) {
    block(st.f, 'shell code nested too deeply to analyze', at({ start: 0, end: source.length }));
    return;
  }
  const root = parseBash(source);
  const err = root.hasError ? firstError(root) : null;
  if (err) {
    if (outer.salvage) return;
    st.parsed = false;
    const near = source.slice(err.startIndex, Math.min(err.endIndex, err.startIndex + 40)) || 'the end';
    block(st.f, `the command does not parse as bash (near "${near}"), so it cannot be checked`, at({ start: err.startIndex, end: Math.max(err.endIndex, err.startIndex) }));
  }
  const ws: WalkState = { source, ctx: st.ctx, findings: st.f, commands: [], at, nextPipe: 0 };
  walkProgram(root, ws, outer.cwd, positional);
  const stages = new Map<number, Stage[]>();
  const byStage = stagesOf(ws.commands);
  for (const raw of ws.commands) processRaw(raw, source, st, at, depth, outer, stages, previousStage(raw, byStage));
  for (const list of stages.values()) checkPipeline(list, st.f);
  if (err) {
    for (const frag of salvageFragments(source)) {
      analyzeSource(frag.text, st, (s) => at({ start: frag.start + s.start, end: frag.start + s.end }), depth + 1, { ...outer, salvage: true });
    }
  }
}

/** The commands, each once: a loop unrolled over equal values, or a script read twice, yields the same command again. */
function withoutRepeats(commands: SimpleCommand[]): SimpleCommand[] {
  // Repeats share their span; most commands have a span of their own, and then there is nothing to compare.
  const spans = new Set<number>();
  for (const c of commands) spans.add(c.span.start * 0x100000 + c.span.end);
  if (spans.size === commands.length) return commands;
  const seen = new Set<string>();
  return commands.filter((c) => {
    // Loop variants differ in their words or in where their redirects write; a salvaged reading in how they use a file.
    const key = `${c.span.start}:${c.span.end}:${c.wrappers.join(' ')}:${c.argv.join('\0')}:${c.redirects.map((r) => `${r.kind}${r.target}`).join('\0')}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

/**
 * Analyzes one shell command string: every simple command it runs (wrappers unwrapped, nested scripts included),
 * with risks, blockers and hard denies pointing at ranges of `command`. Throws if initShellParser() was not awaited.
 */
export function analyzeShellCommand(command: string, ctx: ShellContext): ShellAnalysis {
  if (!shellParserReady()) throw new Error('shell parser not initialised: await initShellParser() before analyzeShellCommand()');
  const st: State = { ctx, f: newFindings(), commands: [], parsed: true, plainVariables: keepsPlainVariables(command), written: new Map() };
  if (command.trim() === '') {
    block(st.f, 'empty command: there is nothing to run');
    return { parsed: true, commands: [], ...st.f };
  }
  // bash splits words on spaces, tabs and newlines only: a carriage return, form feed or other control character
  // is part of a word, so what runs is not what the text appears to say.
  const control = /[\x00-\x08\x0b-\x1f\x7f]/.exec(command);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).padStart(2, '0');
    flag(st.f, 'obfuscation', `the command contains the control character \\x${code}, which bash reads differently from how it looks`, { start: control.index, end: control.index + 1 });
  }
  if (command.length > MAX_LENGTH) {
    flag(st.f, 'obfuscation', `the command is ${command.length} characters long, too long to review`, { start: 0, end: command.length });
  }
  const outer: Outer = { wrappers: [], env: [], forms: [], privileged: false, appendsArgs: false, cwd: ctx.cwd, salvage: false };
  try {
    // The command line runs with no arguments: `$@`, `$1` are empty unless it sets them (`set -- a b`).
    analyzeSource(command, st, (s) => s, 0, outer, rebindsArguments(command) ? undefined : NO_ARGUMENTS);
    // `a=(rm -rf ~); "${a[@]}"`: what a list of words the command fixed runs, for the deny checks.
    for (const text of wordListCommands(command)) analyzeSource(text, st, () => ({ start: 0, end: command.length }), 1, { ...outer, salvage: true });
  } catch (e) {
    // Pathological input (e.g. thousands of nested groups) must still yield a verdict: never allowable.
    st.parsed = false;
    const why = e instanceof RangeError ? 'is nested too deeply' : `could not be analyzed (${e instanceof Error ? e.message : String(e)})`;
    block(st.f, `the command ${why}, so it cannot be checked`, { start: 0, end: command.length });
  }
  if (st.commands.length === 0) block(st.f, 'the command runs no program a rule could allow');
  dedupe(st.f);
  return { parsed: st.parsed, commands: withoutRepeats(st.commands), ...st.f };
}
