// The few settings of git's config that change which files are ignored (core.excludesFile, core.ignoreCase) and how
// the index is laid out (extensions.objectFormat), read from the files git reads, in its order. A config this reader
// does not follow (include/includeIf, a per-worktree config) is Unsupported: the caller asks git.
import path from 'node:path';
import { Unsupported } from './patterns.js';
import { StampedFiles } from './stamped.js';

/** What the ignore oracle needs from git's config. */
export interface IgnoreConfig {
  /** core.excludesFile, absolute, or undefined for git's default. */
  excludesFile: string | undefined;
  ignoreCase: boolean;
  /** Bytes of an object name in the index: 20 (SHA-1) or 32 (SHA-256). */
  hashBytes: number;
}

const TRUE = /^(true|yes|on|1)$/i;

/** A config value as git reads it: quotes removed, `\"` and `\\` unescaped, a trailing comment dropped. */
function value(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) out += raw[++i] === 'n' ? '\n' : raw[i] === 't' ? '\t' : raw[i]!;
    else if ((c === '#' || c === ';') && !quoted) break;
    else out += c;
  }
  return out.trim();
}

/** Applies one config file's text to `into` (later files win); throws Unsupported for what is not followed. */
export function applyConfigText(text: string, home: string, into: IgnoreConfig): void {
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]\s*(.*)$/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      if (section === 'include' || section === 'includeif') throw new Unsupported('config includes');
      if (head[2] !== '' && !/^[#;]/.test(head[2]!)) throw new Unsupported('a key on a section line');
      continue;
    }
    if (line.startsWith('[')) throw new Unsupported('a section header not read');
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv) throw new Unsupported('a config line not read');
    if (raw.trimEnd().endsWith('\\')) throw new Unsupported('a continued config line');
    const key = `${section}.${kv[1]!.toLowerCase()}`;
    const v = kv[2] === undefined ? 'true' : value(kv[2]);
    if (key === 'core.excludesfile') {
      if (v === '') into.excludesFile = undefined;
      else if (v.startsWith('~/')) into.excludesFile = path.join(home, v.slice(2));
      else if (path.isAbsolute(v)) into.excludesFile = v;
      else throw new Unsupported('a relative core.excludesFile');
    } else if (key === 'core.ignorecase') into.ignoreCase = TRUE.test(v);
    else if (key === 'extensions.objectformat') into.hashBytes = v.toLowerCase() === 'sha256' ? 32 : 20;
    else if (key === 'extensions.worktreeconfig' && TRUE.test(v)) throw new Unsupported('per-worktree config');
  }
}

/** The default excludes file when core.excludesFile is unset: `$XDG_CONFIG_HOME/git/ignore`, else `~/.config/git/ignore`. */
export function defaultExcludesFile(home: string, env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME !== undefined && path.isAbsolute(env.XDG_CONFIG_HOME) && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(xdg, 'git', 'ignore');
}

const UNREAD = 'unread' as const;
// Config files followed through links, as git does; each read again only when its stamp changes.
const configTexts = new StampedFiles<string | null | typeof UNREAD>((bytes) => (bytes === null ? null : bytes.toString('utf8')), UNREAD, true);

/**
 * The ignore settings of `files`, git config files applied in git's order (a missing one is skipped); null when one is
 * not a plain readable file or uses what this reader does not follow. The ignore oracle and the snapshots read the
 * same settings through it.
 */
export function ignoreConfigOf(files: readonly string[], home: string): IgnoreConfig | null {
  const config: IgnoreConfig = { excludesFile: undefined, ignoreCase: false, hashBytes: 20 };
  for (const file of files) {
    const text = configTexts.get(file);
    if (text === UNREAD) return null;
    if (text === null) continue;
    try {
      applyConfigText(text, home, config);
    } catch (e) {
      if (e instanceof Unsupported) return null;
      throw e;
    }
  }
  return config;
}
