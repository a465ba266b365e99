// Peels wrappers (`env`, `timeout`, `sudo`, `xargs`, `sh -c` …) off a command to reach what actually runs.
import { block, flag, type Findings } from '../findings.js';
import { isOneOf, scanArgs, type Opt } from '../options.js';
import { isStdinPath } from '../paths.js';
import { programName } from '../words/program.js';
import type { Span } from '../types.js';
import { parallelScript } from './parallel.js';
import type { Assignment } from '../walk/types.js';
import { MULTI_CALL, WRAPPERS, type WrapperSpec } from './wrapper-specs.js';
import { syntheticWord, type Word } from '../words/words.js';

/** Shell code a command runs that must itself be analyzed (`sh -c`, `eval`, `su -c`, `trap`, `watch`). */
export interface Script {
  text: string;
  span: Span;
  dynamic: boolean;
  via: string;
  /** `sh -c SCRIPT NAME ARGS…`: the values of `$0`, `$1`… and `$@` when the words after the script fix them. */
  positional?: Map<string, Word[]>;
}

/** A command with its wrappers peeled off. */
export interface Unwrapped {
  argv: Word[];
  wrappers: string[];
  env: Assignment[];
  /** Word lists from outermost (env prefixes and wrappers included) to argv; program words as written (unquoted). */
  forms: string[][];
  privileged: boolean;
  /** Run by xargs, which appends words read from stdin. */
  xargs: boolean;
  /** xargs's replacement string (`-I {}`, `-i`, `--replace`): each input line goes where it stands, not at the end. */
  replace?: string;
  script?: Script;
  /** A shell with no script argument: it runs whatever arrives on stdin. */
  shellReadsStdin: boolean;
  /** Directory a wrapper switches to (`env -C DIR`, `sudo -D DIR`); null when only known at run time. */
  chdir?: string | null;
  /** The zeroth argument the last wrapper hands its command (`exec -a NAME`), until a multi-call binary takes it as its applet. */
  argv0?: Word;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

function form(words: Word[]): string[] {
  return words.map((w) => w.value);
}

function named(opts: Opt[], names: readonly string[] | undefined): Opt[] {
  return names ? opts.filter((o) => isOneOf(o, names)) : [];
}

function valueWord(words: Word[], o: Opt): Word {
  return words[o.valueIndex] ?? words[o.index]!;
}

/**
 * `$0`, `$1`… `$@`, `$*` of `sh -c SCRIPT NAME ARGS…` bound to those words, when all are static and the script cannot
 * rebind them (`shift`, `set --`, `getopts`). Threat: `sh -c 'rm -rf "$0"' ~`, `bash -c 'rm -rf $1' _ /`.
 */
function positionalOf(script: string, args: Word[]): Map<string, Word[]> | undefined {
  if (args.some((w) => w.dynamic) || rebindsArguments(script)) return undefined;
  const bound = new Map<string, Word[]>(args.slice(0, 10).map((w, i) => [String(i), [w]]));
  if (args.length > 1) for (const all of ['@', '*']) bound.set(all, args.slice(1));
  return bound;
}

/** Whether a script may give itself other arguments (`shift`, `set --`, `getopts`), so `$1`, `$@` are not what it was given. */
export function rebindsArguments(script: string): boolean {
  return /\b(shift|set|getopts)\b/.test(script);
}

// Words bash reads as reserved at the start of a command: a group's `{` and the words of compound commands.
const RESERVED = new Set(['{', '}', '!', 'do', 'done', 'then', 'else', 'elif', 'fi', 'esac', 'while', 'until', 'if', 'for', 'case', 'select', 'function', '[[', '((']);

// `<(cmd)` as a word: bash hands over a file that holds what cmd prints.
const PROCESS_SUBSTITUTION = /^<\(([\s\S]*)\)$/;

/**
 * The script a shell reads from a file that is a process substitution (`bash <(echo 'rm -rf ~')`, `source <(…)`),
 * spelled as the command substitution that prints the same text, so that fixed output is read as the script it is.
 */
function processSubstitutionScript(file: Word | null, via: string): Script | undefined {
  const body = file === null ? null : PROCESS_SUBSTITUTION.exec(file.value);
  return body === null ? undefined : { text: `$(${body[1]!})`, span: file!.span, dynamic: true, via };
}

/** `bash [options] -c SCRIPT [name [args]]`, `bash FILE` (`bash /dev/stdin` reads stdin), or bare `bash` reading stdin. */
function shellArgs(words: Word[]): { script: Word | null; file: Word | null; args: Word[] } {
  let c = false;
  let stdin = false;
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!.value;
    if (w === '--' || w === '-') {
      i++;
      break;
    }
    if (w === '--rcfile' || w === '--init-file') i++;
    else if (/^[-+][A-Za-z]+$/.test(w)) {
      if (w.startsWith('-') && w.includes('c')) c = true;
      if (w.startsWith('-') && w.includes('s')) stdin = true;
      if (/[oO]/.test(w)) i++;
    } else if (!w.startsWith('--')) break;
  }
  if (c) return { script: words[i] ?? null, file: null, args: words.slice(i + 1) };
  const file = !stdin && i < words.length && !isStdinPath(words[i]!.value) ? words[i]! : null;
  return { script: null, file, args: [] };
}

/** Where the command of a (non-shell) wrapper starts, or null when it runs none. */
function commandStart(words: Word[], spec: WrapperSpec, out: Unwrapped, f: Findings, at: (s: Span) => Span): number | null {
  const values = words.map((w) => w.value);
  const scan = scanArgs(values, 1, { ...spec.opts, stopAtOperand: !spec.scriptOnly });
  if (named(scan.opts, spec.noCommand).length > 0) return null;
  for (const o of named(scan.opts, spec.writeOpts)) {
    const w = valueWord(words, o);
    flag(f, 'writes-file', `${values[0]} -${o.long ? '-' : ''}${o.name} writes the file ${o.value ?? ''}`, at(w.span));
  }
  // The command is judged as written, but it runs again and again on its own later, as a crontab entry does.
  const later = named(scan.opts, spec.laterOpts)[0];
  if (later) flag(f, 'code-execution', `${values[0]} --${later.name} installs a command that runs later on its own, outside any check`, at(words[later.index]!.span));
  // Without KUBECONFIG, GIT_DIR, HOME… a program loads other settings than the ones its rule was written against.
  for (const o of named(scan.opts, spec.unsetOpts)) {
    block(f, `${values[0]} -${o.long ? '-' : ''}${o.name}${o.value ? ` ${o.value}` : ''} removes environment variables, which changes what the program loads`, at(valueWord(words, o).span));
  }
  for (const o of named(scan.opts, spec.chdirOpts)) out.chdir = valueWord(words, o).dynamic ? null : (o.value ?? null);
  const argv0 = named(scan.opts, spec.argv0Opts).at(-1);
  if (argv0) {
    const w = valueWord(words, argv0);
    // `--argv0=rm`: the value is part of the option's word.
    out.argv0 = argv0.valueIndex === argv0.index ? { ...syntheticWord(argv0.value ?? '', w.span), dynamic: w.dynamic } : w;
  }
  const script = named(scan.opts, spec.scriptOpts)[0];
  if (script) {
    const w = valueWord(words, script);
    out.script = { text: script.value ?? '', span: w.span, dynamic: w.dynamic, via: programName(values[0]!) };
    return null;
  }
  // `sg GROUP 'cmd'`, `entr -s 'cmd'`: the command operand is shell code.
  if (spec.scriptOperand === true || (spec.scriptOperand !== undefined && named(scan.opts, [spec.scriptOperand]).length > 0)) {
    const at = spec.scriptOnly ? scan.operands[spec.operands ?? 0] : scan.end + (spec.operands ?? 0);
    const w = at === undefined ? undefined : words[at];
    if (w) out.script = { text: w.value, span: w.span, dynamic: w.dynamic, via: programName(values[0]!) };
    return null;
  }
  if (spec.stdinScript) out.shellReadsStdin = true;
  if (spec.scriptOnly || spec.stdinScript) return null;
  let i = scan.end;
  if (spec.assignments) {
    for (; i < words.length; i++) {
      const m = ASSIGNMENT.exec(values[i]!);
      if (!m) break;
      out.env.push({ name: m[1]!, value: m[2]!, dynamic: words[i]!.dynamic, span: words[i]!.span });
    }
  }
  i += spec.operands ?? 0;
  // `flock FILE -c CMD`: a script option may follow the wrapper's own operands.
  if (spec.scriptOpts && spec.operands && i < words.length && values[i]!.startsWith('-')) {
    const late = named(scanArgs(values, i, spec.opts).opts, spec.scriptOpts)[0];
    if (late) {
      const w = valueWord(words, late);
      out.script = { text: late.value ?? '', span: w.span, dynamic: w.dynamic, via: programName(values[0]!) };
      return null;
    }
  }
  return i < words.length ? i : null;
}

function joinScript(words: Word[], via: string): Script {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return { text: words.map((w) => w.value).join(' '), span: { start: first.span.start, end: last.span.end }, dynamic: words.some((w) => w.dynamic), via };
}

// What starts GNU parallel's inputs: `:::` words, `:::+` linked words, `::::` and `::::+` files of lines.
const PARALLEL_INPUTS = /^::::?\+?$/;

/** Whether a privilege wrapper given no command starts a shell (sudo and doas only with their shell options). */
function opensShell(name: string, words: Word[]): boolean {
  if (name === 'sudo') return words.some((w) => /^-[a-zA-Z]*[si][a-zA-Z]*$|^--(shell|login)$/.test(w.value));
  if (name === 'doas') return words.some((w) => /^-[a-zA-Z]*s/.test(w.value));
  return name === 'pkexec' || name === 'run0' || name === 'su' || name === 'runuser';
}

function rootShell(f: Findings, via: string, where: Span): void {
  flag(f, 'privilege', `${via} switches to another user (root, by default) through a shell: privilege escalation`, where, 'hard');
}

/** xargs's replacement string among its options (`-I R`, `-IR`, `-i[R]`, `--replace[=R]`; `{}` by default), or undefined. */
export function replacement(options: readonly string[]): string | undefined {
  let out: string | undefined;
  options.forEach((w, i) => {
    if (w === '-I') out = options[i + 1];
    else if (/^-I./.test(w)) out = w.slice(2);
    else if (/^-i/.test(w) || /^--replace(=|$)/.test(w)) out = w.replace(/^(-i|--replace=?)/, '') || '{}';
  });
  return out;
}

/**
 * Unwraps wrappers layer by layer, recording privilege, `exec`/`eval`/`trap` blockers and the env they set.
 * Threat: `timeout 5 rm -rf ~`, `env FOO=1 sudo rm …`, `bash -c "curl … | sh"` hide the real program behind an allowed one.
 */
export function unwrap(words: Word[], prefix: Assignment[], f: Findings, at: (s: Span) => Span): Unwrapped {
  const written = prefix.length === 0 ? form(words) : [...prefix.map((a) => `${a.name}=${a.value}`), ...form(words)];
  const out: Unwrapped = { argv: words, wrappers: [], env: [...prefix], forms: [written], privileged: false, xargs: false, shellReadsStdin: false };
  let cur = words;
  for (let depth = 0; depth < 32; depth++) {
    // `coproc { rm -rf ~; }`, `time { …; }`, `coproc N while …; do rm -rf ~; done`: the grammar reads a group's `{` or a
    // reserved word of a compound command it failed to parse as the command's first word.
    if (cur.length > 1 && RESERVED.has(cur[0]!.value) && !cur[0]!.dynamic) cur = cur.slice(1);
    const first = cur[0];
    if (!first || first.dynamic) break;
    const name = programName(first.value);
    // `coproc NAME { …; }`: a name before a compound command names the coprocess; it is not the program.
    if (name === 'coproc' && /^[A-Za-z_]\w*$/.test(cur[1]?.value ?? '') && RESERVED.has(cur[2]?.value ?? '')) cur = [first, ...cur.slice(2)];
    const spec = WRAPPERS.get(name);
    if (!spec) break;
    const where = at(first.span);
    // `coreutils --coreutils-prog=rm -rf /` runs rm: the option's value is the program word.
    const prog = name === 'coreutils' ? /^--coreutils-prog(?:-shebang)?=(.*)$/s.exec(cur[1]?.value ?? '') : null;
    if (prog) cur = [cur[0]!, { ...cur[1]!, value: prog[1]!, segments: [{ text: prog[1]!, literal: true }] }, ...cur.slice(2)];
    if (spec.kind === 'shell') {
      const { script, file, args } = shellArgs(cur);
      const substituted = processSubstitutionScript(file, name);
      if (substituted) {
        out.wrappers.push(name);
        out.script = substituted;
      } else if (script) {
        out.wrappers.push(name);
        out.script = { text: script.value, span: script.span, dynamic: script.dynamic, via: name };
        // xargs appends the words it reads, so the script's parameters are not all written here.
        const positional = out.xargs ? undefined : positionalOf(script.value, args);
        if (positional) out.script.positional = positional;
      } else if (!file) out.shellReadsStdin = true;
      if (out.privileged && !script && !file) rootShell(f, `${out.wrappers.at(-1) ?? 'a privilege wrapper'} ${name}`, where);
      break;
    }
    if (spec.kind === 'privilege') {
      flag(f, 'privilege', `${name} runs the command with another user's (usually root's) privileges`, where);
      out.privileged = true;
    }
    const start = commandStart(cur, spec, out, f, at);
    // `su`, `su -`, `sudo -s`, `sudo -i`, `doas -s`, bare `pkexec`: a shell with another user's (root's) powers.
    if (spec.kind === 'privilege' && !out.script && start === null && opensShell(name, cur)) rootShell(f, name, where);
    if (out.script) {
      out.wrappers.push(name);
      break;
    }
    if (spec.kind === 'exec' && start !== null) block(f, 'exec replaces the shell with the command, past any later check', where);
    if (spec.kind === 'eval' || spec.kind === 'trap') {
      const rest = start === null ? [] : spec.kind === 'trap' ? cur.slice(start, start + 1) : cur.slice(start);
      // `trap - INT` and `trap '' INT` reset or ignore a signal: no code.
      if (rest.length > 0 && !(spec.kind === 'trap' && (rest[0]!.value === '-' || rest[0]!.value === ''))) {
        block(f, `${name} runs its argument as shell code`, where);
        out.wrappers.push(name);
        out.script = joinScript(rest, name);
      }
      break;
    }
    // GNU parallel given no command runs each input as a shell command line, as a shell reads its stdin.
    if (name === 'parallel' && (start === null || PARALLEL_INPUTS.test(cur[start]!.value))) {
      out.wrappers.push(name);
      const rest = cur.slice(start ?? cur.length);
      // Inputs read from files (`:::: cmds.txt`) are command lines no one can read here.
      if (rest.some((w) => /^::::\+?$/.test(w.value))) block(f, 'parallel runs the lines of a file as shell commands', where);
      const inputs = parallelScript(rest);
      if (inputs !== null) out.script = { ...inputs, via: name };
      else out.shellReadsStdin = start === null;
      break;
    }
    if (start === null) {
      if (spec.kind === 'xargs') {
        // Bare xargs runs echo with the words it reads.
        out.wrappers.push(name);
        out.xargs = true;
        cur = [syntheticWord('echo', first.span)];
        out.forms.push(['echo']);
      }
      break;
    }
    out.wrappers.push(name);
    if (spec.kind === 'xargs') out.xargs = true;
    const replace = name === 'xargs' ? replacement(cur.slice(1, start).map((w) => w.value)) : undefined;
    if (replace !== undefined) out.replace = replace;
    cur = cur.slice(start);
    // `exec -a rm busybox -rf ~` runs busybox's rm applet: a multi-call binary is the program its zeroth argument names.
    if (out.argv0 !== undefined) {
      if (MULTI_CALL.has(programName(cur[0]!.value))) cur = [out.argv0, ...cur.slice(1)];
      delete out.argv0;
    }
    // `parallel rm -rf ::: / ~` runs `rm -rf /` and `rm -rf ~`: its inputs are the command's arguments.
    if (name === 'parallel') {
      const script = parallelScript(cur);
      if (script) out.script = { ...script, via: name };
      cur = cur.filter((w) => w.value !== ':::' && w.value !== ':::+');
    }
    out.forms.push(form(cur));
  }
  out.argv = cur;
  return out;
}
