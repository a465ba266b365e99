// Claude Code's `Bash(specifier)` semantics for one simple command (PROTOCOLS.md "Permission rule syntax").
import { canonicalize, canonicalMatches, canonicalText, type Canonical } from './canonical.js';
import { equivalentForms } from './equivalents.js';
import { isSystemProgram, programName } from '../words/program.js';
import type { SimpleCommand } from '../types.js';
import { isConstantSetting } from '../operands/env-vars.js';
import { hasPlaceholder, placeholderRegex } from '../words/volatile.js';
import { fnmatchRegex } from '../words/fnmatch.js';

type Kind = 'exact' | 'prefix' | 'glob';

interface Compiled {
  kind: Kind;
  /** Rule words, quotes removed; the first normalized to a bare name when it is a system binary path. */
  words: string[];
  /** Bare program name of the rule, for a quick pre-check; '' when the rule starts with a wildcard. */
  program: string;
  /** The rule's first word as allow rules compare it; null when the rule starts with a wildcard. */
  first: string | null;
  glob?: RegExp;
  /** Per word, the shape a word with volatile placeholders (`<pid>`, `<port>` …) matches; null for a literal word. */
  shapes?: Array<RegExp | null>;
  canonical?: Canonical;
  canonicalGlob?: RegExp;
}

/** Splits rule text into words the way the shell would (quotes removed, backslash escapes resolved). */
export function tokenizeSpecifier(text: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else cur += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) cur += text[++i];
      else cur += ch;
    } else if (ch === '\\') {
      cur += text[++i] ?? '';
      inWord = true;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function firstProgramIndex(words: readonly string[]): number {
  let i = 0;
  while (i < words.length - 1 && ASSIGNMENT.test(words[i]!)) i++;
  return i;
}

/** Normalizes the program word for allow matching: system paths become bare names, `./x` stays `./x`. */
function allowProgram(word: string): string {
  return isSystemProgram(word) ? programName(word) : word;
}

function withProgram(words: readonly string[], map: (w: string) => string): string[] {
  const p = firstProgramIndex(words);
  return words.map((w, i) => (i === p ? map(w) : w));
}

function globRegex(text: string): RegExp {
  const body = text.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`, 's');
}

const compiled = new Map<string, Compiled>();

function compile(specifier: string): Compiled {
  const hit = compiled.get(specifier);
  if (hit) return hit;
  const spec = specifier.trim().replace(/\s+/g, ' ');
  let kind: Kind = 'exact';
  let body = spec;
  if (spec.endsWith(':*')) {
    kind = 'prefix';
    body = spec.slice(0, -2);
  } else if (spec === '*' || (spec.endsWith(' *') && !spec.slice(0, -2).includes('*'))) {
    kind = 'prefix';
    body = spec.slice(0, -1);
  } else if (spec.includes('*')) kind = 'glob';
  const words = withProgram(tokenizeSpecifier(body), allowProgram);
  const head = words[0] ?? '';
  const wild = kind === 'glob' && head.includes('*');
  const program = wild ? '' : programName(words[firstProgramIndex(words)] ?? '');
  const c: Compiled = { kind, words, program, first: wild || words.length === 0 ? null : head };
  if (kind === 'glob') {
    c.glob = globRegex(words.join(' '));
    c.canonicalGlob = globRegex(canonicalText(canonicalize(words)));
  } else {
    c.canonical = canonicalize(words);
    // The program word stays literal: a placeholder there names no program, so the rule matches nothing.
    const p = firstProgramIndex(words);
    if (words.some((w, i) => i > p && hasPlaceholder(w))) c.shapes = words.map((w, i) => (i > p && hasPlaceholder(w) ? placeholderRegex(w) : null));
  }
  if (compiled.size > 20_000) compiled.clear();
  compiled.set(specifier, c);
  return c;
}

/** What deny and ask rules compare against; made on the first deny/ask match (allow rules never need it). */
interface DenyView {
  /** Every reading, program names normalized. */
  forms: string[][];
  /** Bare program names of the readings: rules naming anything else cannot match. */
  programs: Set<string>;
  /** The readings in canonical option order; made when no reading matches a rule as written. */
  canonical?: { forms: Canonical[]; texts: string[] };
}

interface View {
  /** env words + argv, program as an allow rule must name it. */
  allow: string[];
  /** The same without its constant settings (`CI=true npm test` as `npm test`), when every prefix is one; else null. */
  allowBare: string[] | null;
  /** Everything as written (env prefixes and wrappers included), for exact allow rules that spell them out. */
  allowFull: string[] | null;
  /** First words of the allow readings (two): allow rules naming anything else cannot match. */
  firsts: readonly string[];
  deny?: DenyView;
}

// The view lives on the command object itself, so it dies with the analysis. (A WeakMap keyed by short-lived
// commands kept their views alive through young-generation collections: each one cost ~1.5 ms, the bench's p99.)
// Not enumerable, so `{ ...cmd, argv }` never carries a view of other words.
const VIEW = Symbol('rule view');
type WithView = SimpleCommand & { [VIEW]?: View };

function view(cmd: WithView): View {
  const known = cmd[VIEW];
  if (known !== undefined) return known;
  const v = buildView(cmd);
  Object.defineProperty(cmd, VIEW, { value: v, enumerable: false });
  return v;
}

/** git's global options that change nothing a rule is about: `git --no-pager log` is allowed by `Bash(git log:*)`. */
const QUIET_GIT_OPTIONS = new Set(['--no-pager', '-P', '--no-optional-locks', '--no-replace-objects', '--literal-pathspecs']);

/** argv after the program, with leading quiet git options dropped when the program is git. */
function withoutQuietGitOptions(argv: readonly string[]): string[] {
  let i = 1;
  if (argv[0] === 'git') while (i < argv.length && QUIET_GIT_OPTIONS.has(argv[i]!)) i++;
  return argv.slice(i);
}

function envWords(cmd: SimpleCommand): string[] {
  return cmd.env.map((e) => `${e.name}=${e.value}`);
}

function buildView(cmd: SimpleCommand): View {
  const program = cmd.program !== undefined && !isSystemProgram(cmd.program) ? cmd.program : cmd.argv[0] ?? '';
  const allow = [...envWords(cmd), program, ...withoutQuietGitOptions(cmd.argv)];
  const full = cmd.forms?.[0];
  const allowFull = full && (cmd.wrappers.length > 0 || full.length !== allow.length) ? withProgram(full, allowProgram) : null;
  const allowBare = cmd.env.length > 0 && cmd.env.every((e) => isConstantSetting(e.name, e.value)) ? allow.slice(cmd.env.length) : null;
  const firsts = [allow[0] ?? '', allowFull?.[0] ?? '', allowBare?.[0] ?? ''];
  return { allow, allowBare, allowFull, firsts };
}

function denyView(cmd: SimpleCommand, v: View): DenyView {
  if (v.deny !== undefined) return v.deny;
  const read = [...(cmd.forms ?? []), [...envWords(cmd), ...cmd.argv], cmd.argv].map((f) => withProgram(f, programName));
  const forms = [...read, ...read.flatMap((f) => equivalentForms(f, firstProgramIndex(f)))];
  v.deny = { forms, programs: new Set(forms.map((f) => f[firstProgramIndex(f)] ?? '')) };
  return v.deny;
}

/**
 * Whether a `Bash(...)` specifier names one exact command (it then vouches for just that), or a prefix, glob or shape
 * (a word with a volatile placeholder names many files, pids or ports: each is judged as under a prefix rule).
 */
export function specifierIsExact(specifier: string): boolean {
  const c = compile(specifier);
  return c.kind === 'exact' && c.shapes === undefined;
}

/** The words of a `Bash(...)` specifier, quotes removed (for the URLs a rule names). */
export function specifierWords(specifier: string): readonly string[] {
  return compile(specifier).words;
}

function wordsMatch(rule: Compiled, words: readonly string[]): boolean {
  if (rule.kind === 'glob') return rule.glob!.test(words.join(' '));
  const n = rule.words.length;
  if (rule.kind === 'exact' ? words.length !== n : words.length < n) return false;
  for (let i = 0; i < n; i++) {
    if (rule.words[i] === words[i] || rule.shapes?.[i]?.test(words[i]!) === true) continue;
    // `Bash(curl -s https://api.example.com/:*)` is a string prefix (as Claude Code documents it): its last word, a URL
    // ending in `/`, covers every URL below it on that host. Other hosts on the line are judged by policy/vouch/closed-world.ts.
    const last = rule.words[i]!;
    if (rule.kind !== 'prefix' || i !== n - 1 || !URL_PREFIX.test(last) || !words[i]!.startsWith(last)) return false;
  }
  return true;
}

const URL_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]+\/.*\/$|^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]+\/$/;

/**
 * Whether a `Bash(specifier)` rule covers one simple command. Allow rules match only what they say (env prefixes
 * must be spelled out, `./git` is not `git`, xargs-fed commands need a prefix rule); deny and ask rules also match
 * past wrappers and env prefixes and across spellings of the same options (`rm -fr` ≡ `rm -r -f` ≡ `rm --recursive --force`).
 * Threat: `\rm -fr ~/p` under deny `Bash(rm -rf:*)`; `FOO=1 git push` or `./git status` under an allow for git.
 */
export function bashSpecifierMatches(specifier: string, cmd: SimpleCommand, action: 'allow' | 'deny' | 'ask'): boolean {
  const rule = compile(specifier);
  const v = view(cmd);
  if (action === 'allow') {
    // A rule whose first word is none of the command's cannot match (one starting with a wildcard names no program).
    if (rule.first !== null && !v.firsts.includes(rule.first)) return false;
    // Constant settings are read past by prefix rules only: an exact rule names the whole command, settings included.
    if ((wordsMatch(rule, v.allow) || (v.allowBare !== null && rule.kind === 'prefix' && wordsMatch(rule, v.allowBare))) && !(cmd.appendsArgs && rule.kind === 'exact')) return true;
    return rule.kind === 'exact' && v.allowFull !== null && wordsMatch(rule, v.allowFull);
  }
  const deny = denyView(cmd, v);
  if (rule.program !== '' && !deny.programs.has(rule.program)) return false;
  if (readingsMatch(rule, deny.forms, () => (deny.canonical ??= canonicalReadings(deny.forms)))) return true;
  const globbed = globReadings(rule, deny.forms);
  return globbed.length > 0 && readingsMatch(rule, globbed, () => canonicalReadings(globbed));
}

function canonicalReadings(forms: readonly string[][]): { forms: Canonical[]; texts: string[] } {
  const canonical = forms.map(canonicalize);
  return { forms: canonical, texts: canonical.map(canonicalText) };
}

/** Whether a deny or ask rule matches one of the readings, as written or in canonical option order (made only when needed). */
function readingsMatch(rule: Compiled, forms: readonly string[][], canonical: () => { forms: Canonical[]; texts: string[] }): boolean {
  for (let i = 0; i < forms.length; i++) {
    if (wordsMatch(rule, forms[i]!)) return true;
  }
  const c = canonical();
  for (let i = 0; i < forms.length; i++) {
    if (rule.kind === 'glob' ? rule.canonicalGlob!.test(c.texts[i]!) : canonicalMatches(rule.canonical!, c.forms[i]!, rule.kind === 'prefix')) return true;
  }
  return false;
}

const GLOB_CHAR = /[*?[]/;

/**
 * The readings in which each glob word after the program (`pus[h]`, `pu*`, `-[f]`) is a word of the rule it matches: bash
 * passes the name of a file the glob matches, and the agent may have made a file `push` or `--force` first. Empty when no
 * word is a glob that matches the rule. Threat: `touch push; git pus[h] origin` past a deny `Bash(git push:*)`.
 */
function globReadings(rule: Compiled, forms: readonly string[][]): string[][] {
  const out: string[][] = [];
  for (const form of forms) {
    const program = firstProgramIndex(form);
    let changed = false;
    const reading = form.map((w, i) => {
      if (i <= program || !GLOB_CHAR.test(w)) return w;
      const glob = fnmatchRegex(w);
      const hit = rule.words.find((r) => glob.test(r));
      if (hit === undefined) return w;
      changed = true;
      return hit;
    });
    if (changed) out.push(reading);
  }
  return out;
}
