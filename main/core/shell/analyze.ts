// analyzeShellCommand: parse, split, unwrap and check a command string; nested scripts are analyzed recursively.
import type { SyntaxNode as Node } from './walk/syntax-tree.js';
import { expandWords } from './words/braces.js';
import { checkEnv, checkSpelling, keepsPlainVariables } from './checks/general.js';
import { checkPipeline, decodes, type Stage } from './checks/pipeline.js';
import { writtenBuildScripts } from './checks/build-files.js';
import { shellCommandOf } from './operands/env-vars.js';
import { block, dedupe, flag, newFindings } from './findings.js';
import { parseBash, shellParserReady } from './walk/parser.js';
import { commandProgram, isRunnerProgram, runnerReadings } from './unwrap/package-runners.js';
import { programName } from './words/program.js';
import { launchedReadings } from './unwrap/launched.js';
import { readsNamedFiles } from './operands/read-operands.js';
import { checkRedirect, type ReadRedirect } from './walk/redirects.js';
import { absolutePath } from './paths.js';
import { salvageFragments } from './walk/salvage.js';
import { requoteArithmetic } from './walk/arithmetic-quotes.js';
import { staticOutput, type FedText } from './words/static-output.js';
import { resolveStaticSubstitutions } from './words/static-script.js';
import type { Redirect, ShellAnalysis, ShellContext, SimpleCommand, Span } from './types.js';
import { rebindsArguments, unwrap, type Unwrapped } from './unwrap/unwrap.js';
import { WRAPPERS } from './unwrap/wrapper-specs.js';
import { walkProgram } from './walk/walk.js';
import type { Assignment, RawCommand, WalkState } from './walk/types.js';
import { syntheticWord, type Word } from './words/words.js';
import { wordListCommands } from './words/word-lists.js';
import { respelled } from './walk/respelled.js';
import { recordWrites, runsWritten, type WrittenRun } from './walk/written-scripts.js';
import { checkCommand, riskSince, rootPrompt } from './analyze/command-checks.js';
import { withoutRepeats } from './analyze/repeats.js';
import { toSimpleCommand } from './analyze/simple-command.js';
import { previousStage, stagesOf } from './analyze/stages.js';
import { innerOf, type Outer, type State } from './analyze/state.js';
import { ARG_FILE, namesFromText, replaceByXargs, sweptByXargs, xargsWords } from './analyze/xargs.js';

/** Nesting depth (`bash -c "bash -c …"`) beyond which a command is not analyzed further. */
const MAX_DEPTH = 8;
/** The positional parameters of a script run with no arguments: none. */
const NO_ARGUMENTS: ReadonlyMap<string, Word[]> = new Map();
/** Longer commands are flagged: nobody reviews them, and they hide things. */
const MAX_LENGTH = 10_000;

function firstError(n: Node): Node | null {
  if (n.isError || n.isMissing) return n;
  if (!n.hasError) return null;
  for (const c of n.children) {
    const e = firstError(c);
    if (e) return e;
  }
  return n;
}

/**
 * What the commands of a nested script inherit from the redirects of the command that runs it: all of them but the
 * text fed as the script itself, relative targets resolved where the outer command runs (a `cd` inside the script
 * does not move a file bash opened before it ran).
 */
function heldRedirects(raw: RawCommand, script: ReadRedirect['stdin'], inner: Outer, ctx: ShellContext, at: (s: Span) => Span): Redirect[] {
  const own = raw.redirects.filter((r) => r.stdin === undefined || r.stdin !== script).map((r): Redirect => {
    const { target } = r.redirect;
    const resolved = target !== null && inner.cwd !== null && (r.redirect.kind === 'write' || r.redirect.kind === 'read') ? absolutePath(target, inner.cwd, ctx.home) : target;
    return { ...r.redirect, target: resolved, span: at(r.redirect.span) };
  });
  return own.length === 0 ? inner.redirects : [...inner.redirects, ...own];
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
  const redirects = heldRedirects(raw, stdin && own ? own : undefined, inner, st.ctx, at);
  const scriptOuter = { ...inner, wrappers: stdin ? [...inner.wrappers, script.via] : inner.wrappers, redirects };
  if (script.dynamic) {
    block(st.f, `${script.via} runs shell code that is only known at run time`, scriptSpan);
    // Substitutions that print fixed text (`"$(echo rm -rf /)"`) are read as the script they make, so hard denies fire.
    const resolved = resolveStaticSubstitutions(script.text, st.ctx);
    if (resolved !== null) analyzeSource(resolved, st, () => scriptSpan, depth + 1, scriptOuter);
  }
  analyzeSource(script.text, st, () => scriptSpan, depth + 1, scriptOuter, u.script?.positional);
  return st.commands.length > before;
}

/**
 * The shell command lines set variables hold (`PAGER='rm -rf ~'`, `GIT_SSH_COMMAND=…`), read as scripts for what must
 * be denied wherever they are set: before a command, alone on a line, or ahead of a nested script.
 */
function envScripts(env: readonly Assignment[], st: State, where: Span, depth: number, inner: Outer): void {
  for (const e of env) {
    const text = shellCommandOf(e.name, e.value);
    if (text !== null) analyzeSource(text, st, () => where, depth + 1, { ...inner, wrappers: [...inner.wrappers, e.name], salvage: true });
  }
}

/** Risk reasons that say a file outside the workspace is written, removed or replaced (see files.ts, redirects.ts). */
const OUTSIDE_WRITE = /\b(writes|removes|edits in place|overwrites|moves)\b.*outside the workspace/;

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
    envScripts(raw.assignments, st, at(raw.span), depth, outer);
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
  // Before a nested script is read: `PAGER='rm -rf ~' bash -c 'git log'` runs the pager as surely as without the shell.
  envScripts(u.env, st, at(raw.span), depth, inner);
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

/**
 * A program word made at run time from values the command fixes itself (`$(echo rm -rf /)`, `x=rm; $x -rf /`) is read
 * again as the command it spells, for the deny checks only (the word itself is never allowable).
 */
function commandFromValues(words: Word[], raw: RawCommand, st: State, at: (s: Span) => Span, depth: number, inner: Outer): void {
  for (const text of respelled(words)) analyzeSource(text, st, () => at(raw.span), depth + 1, { ...inner, salvage: true });
}

function analyzeSource(source: string, st: State, at: (s: Span) => Span, depth: number, outer: Outer, positional?: ReadonlyMap<string, Word[]>): void {
  if (depth > MAX_DEPTH) {
    block(st.f, 'shell code nested too deeply to analyze', at({ start: 0, end: source.length }));
    return;
  }
  let root = parseBash(source);
  const arithmetic = requoteArithmetic(root, source);
  for (const n of arithmetic.stuck) block(st.f, 'bash expands this quoted text as arithmetic, and its quotes hide what it runs', at({ start: n.startIndex, end: n.endIndex }));
  if (arithmetic.source !== null) {
    flag(st.f, 'code-execution', 'single quotes inside arithmetic quote nothing: bash expands what they hold', at({ start: 0, end: source.length }));
    source = arithmetic.source;
    root = parseBash(source);
  }
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
  const outer: Outer = { wrappers: [], env: [], forms: [], privileged: false, appendsArgs: false, cwd: ctx.cwd, salvage: false, redirects: [] };
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
