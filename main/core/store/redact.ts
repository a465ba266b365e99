// Redaction applied to everything the store writes: secrets never reach the database file.
import { isSecretKey } from './secret-key.js';
import { StoreInputError } from './types.js';

/** User-configurable additions to the built-in redaction (regular expression sources, matched case-insensitively). */
export interface RedactionConfig {
  /** Extra key names (regex) whose values are replaced whole. */
  extraKeyPatterns?: string[];
  /** Extra value patterns (regex) replaced by `[REDACTED:custom]` inside strings. */
  extraValuePatterns?: string[];
}

/** Replaces a whole value stored under a secret-looking key. */
export const REDACTED = '[REDACTED]';
/** Nesting deeper than this is cut: a hostile, deeply nested payload must not overflow the stack while being stored. */
export const MAX_DEPTH = 64;

type Replacer = (match: string, ...groups: string[]) => string;
interface ValuePattern {
  kind: string;
  re: RegExp;
  replace: Replacer;
}

const marker = (kind: string) => `[REDACTED:${kind}]`;
const whole = (kind: string): Replacer => () => marker(kind);
// A value is already redacted only when nothing is left beside its markers (but quotes and an auth scheme word):
// "[REDACTED] hunter2" still holds a secret.
const already = (s: string) =>
  s.includes('[REDACTED') &&
  s.replace(/\[REDACTED(?::[a-z-]+)?\]/g, '').replace(/^\s*["']?\s*(?:Bearer|Basic|token)?\s*|\s*["']?\s*$/gi, '') === '';

// A PEM private key: the BEGIN line, then up to its END when only key material lies between (base64, blanks, written
// `\n`, Proc-Type/DEK-Info headers, no other `-----` line; at most 16 KiB, more than any real key). Without END the
// key stops where its lines stop (base64 lines of 16+ characters, then a last one that is padded or ends the text or a
// quoted word; at most 256 lines, an RSA-16384 key has about 200): a missing END must not take the rest of a file or
// command with it. Bounded repetitions keep the regex linear on hostile input.
const PEM_SEP = String.raw`(?:\s|\\[nr])+`;
const PEM_END = String.raw`(?:[A-Za-z0-9+/=\s:,]|-(?!----)|\\[nr]){0,16384}?-----END[A-Z0-9 ]{0,40}PRIVATE KEY-----`;
const PEM_LINES = String.raw`(?:${PEM_SEP}(?:(?:Proc-Type|DEK-Info):[^\r\n\\]{0,200}|[A-Za-z0-9+/]{16,4096}={0,2})){0,256}(?:${PEM_SEP}[A-Za-z0-9+/]{0,4096}(?:={1,2}|(?=["'\x60]|$)))?`;
const PRIVATE_KEY = new RegExp(String.raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY-----(?:${PEM_END}|${PEM_LINES})`, 'g');

// Order matters: specific token formats first, then the generic "name=value" shapes around them.
const BUILT_IN: ValuePattern[] = [
  { kind: 'private-key', re: PRIVATE_KEY, replace: whole('private-key') },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, replace: whole('jwt') },
  { kind: 'anthropic-key', re: /\bsk-ant-[A-Za-z0-9_-]{16,}/g, replace: whole('anthropic-key') },
  { kind: 'openai-key', re: /\bsk-[A-Za-z0-9_-]{20,}/g, replace: whole('openai-key') },
  { kind: 'aws-key', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/g, replace: whole('aws-key') },
  { kind: 'github-token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,})/g, replace: whole('github-token') },
  { kind: 'slack-token', re: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, replace: whole('slack-token') },
  { kind: 'google-key', re: /\bAIza[0-9A-Za-z_-]{35}/g, replace: whole('google-key') },
  { kind: 'bearer', re: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{16,}=*/gi, replace: (_m, pre) => `${pre}${marker('bearer')}` },
  {
    kind: 'header',
    re: /\b((?:Proxy-)?Authorization|Cookie|Set-Cookie|X-Api-Key|X-Auth-Token)(\s*:\s*)([^\r\n"']+)/gi,
    replace: (m, name, sep, value) => (already(value) ? m : `${name}${sep}${marker('header')}`),
  },
  { kind: 'url-credentials', re: /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, replace: (_m, scheme) => `${scheme}${marker('url-credentials')}@` },
  {
    kind: 'field',
    re: /"([^"\\]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g,
    replace: (m, key, sep, value) => (isSecretKey(key) && !already(value) ? `"${key}"${sep}"${marker('field')}"` : m),
  },
  {
    kind: 'assignment',
    re: /\b([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|[^\s;&|]+)/g,
    replace: (m, name, value) => (isSecretKey(name) && !already(value) ? `${name}=${marker('assignment')}` : m),
  },
  {
    kind: 'flag',
    re: /(--)([A-Za-z][A-Za-z0-9-]*)(=|\s+)("[^"]*"|'[^']*'|[^\s;&|'"-][^\s;&|]*)/g,
    replace: (m, dashes, name, sep, value) => (isSecretKey(name) && !already(value) ? `${dashes}${name}${sep}${marker('flag')}` : m),
  },
];

/** Redacts secrets from request data; built once per store from its configuration. */
export interface Redactor {
  /** Any JSON value: secret keys replaced whole, known secret formats replaced inside strings. */
  value(value: unknown): unknown;
  /** One string: known secret formats replaced in place, so commands stay readable. */
  text(text: string): string;
}

/** Redacted strings remembered per redactor (redaction is a pure function of the string). */
const MEMO_ENTRIES = 512;
/** Longer strings (file contents, long commands) are rarely repeated: not remembered. */
const MEMO_MAX_LENGTH = 4096;

function compile(source: string, flags: string, what: string): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (err) {
    throw new StoreInputError(`invalid redaction ${what} pattern ${JSON.stringify(source)}: ${(err as Error).message}`);
  }
}

/**
 * Builds the redactor for a store; throws StoreInputError for an invalid configured pattern.
 * Threat: secrets in tool arguments (keys, tokens, passwords in commands) would persist in the audit log and its exports.
 */
export function createRedactor(config: RedactionConfig = {}): Redactor {
  const extraKeys = (config.extraKeyPatterns ?? []).map((p) => compile(p, 'i', 'key'));
  const patterns = [
    ...BUILT_IN,
    ...(config.extraValuePatterns ?? []).map((p) => ({ kind: 'custom', re: compile(p, 'gi', 'value'), replace: whole('custom') })),
  ];
  const secretKey = (key: string) => isSecretKey(key) || extraKeys.some((re) => re.test(key));

  // Tool calls repeat the same keys, descriptions, presentations and reasons: redacting them once, not with every
  // pattern on every write, halves the time to build an audit row. Bounded, and only strings of moderate length.
  const recent = new Map<string, string>();
  const text = (input: string): string => {
    if (input.length > MEMO_MAX_LENGTH) return redactText(input);
    let out = recent.get(input);
    if (out === undefined) {
      out = redactText(input);
      if (recent.size >= MEMO_ENTRIES) recent.clear();
      recent.set(input, out);
    }
    return out;
  };
  const redactText = (input: string): string => {
    let out = input;
    for (const p of patterns) {
      p.re.lastIndex = 0;
      if (p.re.test(out)) {
        p.re.lastIndex = 0;
        out = out.replace(p.re, p.replace as (m: string, ...rest: unknown[]) => string);
      }
    }
    return out;
  };

  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return '[TRUNCATED:too-deep]';
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const safeKey = text(key);
      out[safeKey] = secretKey(key) && v !== null && typeof v !== 'boolean' ? REDACTED : walk(v, depth + 1);
    }
    return out;
  };

  return { value: (v) => walk(v, 0), text };
}
