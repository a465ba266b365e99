// Decides whether an object key or variable name names a secret, so its value can be redacted before storage.

// Words that make a name secret wherever they appear ("github_token", "sessionCookie", "auth").
const SECRET_WORDS = new Set(['token', 'auth', 'authorization', 'cookie', 'cookies', 'session', 'credential', 'credentials', 'bearer', 'pass']);
// Endings that make a word (or two joined words) secret: "dbPassword", "x-api-key", "client_secret", "accesstoken".
const SECRET_ENDINGS = ['password', 'passwd', 'passphrase', 'secret', 'apikey', 'accesskey', 'privatekey', 'secretkey', 'signingkey', 'encryptionkey', 'token'];
// A last word that makes the name describe a secret rather than hold one: "token_count", "session_id", "password_file".
const HARMLESS_LAST = new Set([
  'count', 'length', 'len', 'size', 'limit', 'max', 'min', 'id', 'ids', 'name', 'names', 'type', 'kind', 'policy',
  'required', 'enabled', 'path', 'file', 'filename', 'dir', 'url', 'uri', 'ttl', 'timeout', 'expiry', 'expires', 'at',
  'format', 'label', 'usage', 'hint', 'prompt', 'stdin', 'env', 'source', 'mode', 'method', 'status',
]);

// Tool arguments reuse a handful of key names ("command", "file_path"), so each (short) name is classified once.
const CACHE_LIMIT = 10_000;
const verdicts = new Map<string, boolean>();

/** Splits camelCase, snake_case, kebab-case and dotted names into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * True when a key like `password`, `GITHUB_TOKEN`, `x-api-key` or `client_secret` holds a secret.
 * Threat: an agent's tool arguments carry credentials that would otherwise sit in the audit log in clear.
 * Deliberately NOT secret: counts and descriptors such as `token_count`, `max_tokens`, `session_id`, `password_file`.
 */
export function isSecretKey(name: string): boolean {
  let known = verdicts.get(name);
  if (known === undefined) {
    known = classify(name);
    if (name.length <= 100) {
      if (verdicts.size >= CACHE_LIMIT) verdicts.clear();
      verdicts.set(name, known);
    }
  }
  return known;
}

function classify(name: string): boolean {
  const words = nameWords(name);
  const last = words.at(-1);
  if (last === undefined || (words.length > 1 && HARMLESS_LAST.has(last))) return false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (SECRET_WORDS.has(word) || SECRET_ENDINGS.some((e) => word.endsWith(e))) return true;
    const pair = word + (words[i + 1] ?? '');
    if (i + 1 < words.length && SECRET_ENDINGS.some((e) => pair.endsWith(e))) return true;
  }
  return false;
}
