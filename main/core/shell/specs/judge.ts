// Reads one invocation against its program's closed-world spec: what it reads, and why a prefix rule cannot vouch for it.
import { isHarmlessSink } from '../paths.js';
import type { OptionDef, ProgramSpec } from './types.js';

/** What the engine concluded about one invocation. */
export interface SpecReading {
  /** Why a prefix rule cannot vouch for it (unknown option, code, writes, env, network): empty when fully understood. */
  unvouched: string[];
  /** Paths it reads: file operands and option values (judged by the workspace tiers). */
  reads: string[];
  /** Folders it reads recursively, ignore files or not. */
  trees: string[];
  /** URLs it names. */
  urls: string[];
  /** Build outputs it writes (`go build -o bin/x`): a rule for the program vouches for them inside the workspace only. */
  outputs?: string[];
  /** A subcommand the tables do not hold: judged like a program without a spec. */
  unspecified?: boolean;
}

const EFFECT_TEXT: Record<string, string> = {
  'runs-code': 'runs a program or code the rule does not name',
  'writes-path': 'writes a file',
  network: 'talks to another server or switches off its checks',
  'reads-env': 'shows environment variables, where tokens live',
};

function lookupLong(spec: ProgramSpec, name: string): { key: string; def: OptionDef } | null {
  const exact = spec.options.get(name);
  if (exact) return { key: name, def: exact };
  if (!spec.abbreviations || !name.startsWith('--')) return null;
  const hits = [...spec.options.keys()].filter((k) => k.startsWith('--') && k.startsWith(name));
  return hits.length === 1 ? { key: hits[0]!, def: spec.options.get(hits[0]!)! } : null;
}

function effectOf(out: SpecReading, prog: string, key: string, def: OptionDef, value: string | undefined): void {
  if (def.effect === 'harmless') return;
  if (def.effect === 'reads-path' || def.effect === 'changes-cwd') {
    // `kubectl get -f https://evil.test/x.yaml`: a file option given a URL fetches it from that host.
    if (value !== undefined && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) out.unvouched.push(`${prog} ${key} ${value} fetches a URL`);
    else if (value !== undefined) out.reads.push(value);
    return;
  }
  if (def.effect === 'writes-path' && value !== undefined && (value === '-' || isHarmlessSink(value))) return;
  if (def.effect === 'writes-output' && value !== undefined) {
    (out.outputs ??= []).push(value);
    return;
  }
  out.unvouched.push(`${prog} ${key}${value !== undefined ? ` ${value}` : ''} ${EFFECT_TEXT[def.effect]}`);
}

/**
 * The file a git object name reads: PATH of `REV:PATH` or `:N:PATH` (the index), the word itself when it has no colon;
 * null for a tree root (`HEAD:`) or a commit found by its message (`:/fix`).
 */
export function objectPath(word: string): string | null {
  const m = /^(?:[^:{]|\{[^}]*\})*:(?:[0-3]:)?/.exec(word);
  if (m === null) return word;
  if (m[0] === ':' && word.startsWith(':/')) return null;
  const p = word.slice(m[0].length);
  return p === '' ? null : p;
}

/**
 * Reads `argv` (program first) from `from` against `spec`; `name` is how messages call the program (`git diff`).
 * Threat: `jq --rawfile k .env`, `fd -x sh -c …`, `go test -exec ./evil`, `curl -K cfg` under prefix rules for the program.
 */
export function readWithSpec(argv: readonly string[], spec: ProgramSpec, name: string, from = 1, out: SpecReading = { unvouched: [], reads: [], trees: [], urls: [] }): SpecReading {
  const operands: string[] = [];
  let firstGiven = false;
  let i = from;
  const value = (n: number): string | undefined => (i + n < argv.length ? argv[i + n] : undefined);
  for (; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (spec.subcommands && operands.length === 0 && !w.startsWith('-')) {
      const sub = spec.subcommands.get(w);
      // A subcommand the table does not hold is judged like a program without a spec (see unspecified.ts).
      if (sub === undefined) return { ...out, unspecified: true };
      return readWithSpec(argv, sub, `${name} ${w}`, i + 1, out);
    }
    if (w === '-' || !w.startsWith('-') || (spec.numeric && /^-\d+$/.test(w))) {
      if (w !== '-' && !(spec.numeric && /^-\d+$/.test(w))) operands.push(w);
      continue;
    }
    const eq = w.indexOf('=');
    const long = w.startsWith('--') || spec.singleDashLong;
    const hit = long ? lookupLong(spec, eq < 0 ? w : w.slice(0, eq)) : null;
    if (hit) {
      const { key, def } = hit;
      if (spec.givesFirstOperand?.includes(key)) firstGiven = true;
      if (eq >= 0) {
        if (def.arity === 0 && !def.optional) out.unvouched.push(`${name} ${w}: ${key} takes no value`);
        effectOf(out, name, key, def, w.slice(eq + 1));
      } else {
        const v = def.arity === 0 ? undefined : value(def.arity);
        effectOf(out, name, key, def, v);
        i += def.arity;
      }
      continue;
    }
    if (w.startsWith('--') || (spec.singleDashLong && w.length > 2 && !spec.options.has(w.slice(0, 2)))) {
      out.unvouched.push(`${name} ${w} is an option the engine does not know, so it cannot vouch for what it does`);
      continue;
    }
    for (let k = 1; k < w.length; k++) {
      const key = `-${w[k]}`;
      const def = spec.options.get(key);
      if (!def) {
        out.unvouched.push(`${name} ${key} is an option the engine does not know, so it cannot vouch for what it does`);
        break;
      }
      if (spec.givesFirstOperand?.includes(key)) firstGiven = true;
      if (def.arity === 0) {
        if (!def.optional) effectOf(out, name, key, def, undefined);
        else {
          effectOf(out, name, key, def, w.slice(k + 1) || undefined);
          break;
        }
        continue;
      }
      const attached = w.slice(k + 1);
      const v = attached !== '' && def.arity === 1 ? attached : value(def.arity);
      if (attached === '' || def.arity === 2) i += def.arity - (attached !== '' ? 1 : 0);
      effectOf(out, name, key, def, v);
      break;
    }
  }
  if (spec.extra) {
    const x = spec.extra(argv, from);
    out.unvouched.push(...x.unvouched.map((u) => `${name} ${u}`));
    out.reads.push(...x.reads);
    out.urls.push(...x.urls);
  }
  if (spec.always) out.unvouched.push(`${name} ${EFFECT_TEXT[spec.always] ?? spec.always}`);
  const kinds = firstGiven ? spec.operands.slice(1) : spec.operands;
  operands.forEach((op, n) => {
    const kind = kinds[Math.min(n, kinds.length - 1)];
    if (kind === undefined) out.unvouched.push(`${name} takes no operand, yet was given ${op}`);
    else if (kind === 'path') out.reads.push(op);
    else if (kind === 'tree') out.trees.push(op);
    else if (kind === 'object') {
      const p = objectPath(op);
      if (p !== null) out.reads.push(p);
    }
    else if (kind === 'url') out.urls.push(op);
    else if (kind === 'program') {
      const why = spec.program?.(op);
      if (why) out.unvouched.push(`${name}: ${why}`);
    }
  });
  return out;
}
