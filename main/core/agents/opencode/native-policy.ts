// Gatehouse rules as OpenCode `permission` entries (opencode.json in the user's or the project's OpenCode folder), and
// back. OpenCode 1.18.33: `"permission": {"bash": {"git push *": "deny"}, "edit": "ask"}`, wildcard patterns over
// the command (bash) or path, the last matching entry winning. Only deny rules are written: OpenCode runs a call only
// when Gatehouse's plugin allows it, so a native allow adds nothing, and a native ask is refused outright by `opencode
// run` (and asked a second time in the TUI). A native deny still holds in a run that skips plugins (`--pure`). Sync
// adds entries beside the person's and remembers which are its own (re-sync and --remove take away only those).
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import type { RuleAction } from '../../../../common/domain.js';
import { ConfigError } from '../config-file.js';
import { isPlainObject } from '../hook-agent.js';
import { formatting, parseSettings } from '../json-hooks.js';
import { type ImportedEntry, type NativePolicy, type RenderedPolicy, isPlainWord, notPortable, plainPrefixWords } from '../native-policy.js';
import { opencodeDir } from './installer.js';
import { gatehouseToOpenCodePermission } from './tools.js';

const FILE = 'opencode.json';
const ACTIONS: Record<string, RuleAction> = { allow: 'allow', ask: 'ask', deny: 'deny' };
const TOOL_OF: Record<string, string> = { bash: 'Bash', read: 'Read', edit: 'Edit', glob: 'Glob', grep: 'Grep', list: 'LS', webfetch: 'WebFetch' };

// Owned markers: one entry (`bash git push *`), and the containers sync created (taken away again once empty).
const key = (perm: string, pattern: string) => `${perm} ${pattern}`;
const CREATED_PERMISSION = '+permission';
const createdPerm = (perm: string) => `+perm ${perm}`;

/** The OpenCode entries (permission key, patterns) a Gatehouse deny rule becomes, or why it does not carry. */
export function toOpenCodeEntries(pattern: string): { perm: string; patterns: string[] } | string {
  const p = pattern.trim();
  const whole = gatehouseToOpenCodePermission(p);
  if (whole) return { perm: whole, patterns: ['*'] };
  if (!p.startsWith('Bash(')) return "OpenCode matches paths and other arguments by its own wildcards, which is not what this rule means";
  const prefix = plainPrefixWords(p);
  // A prefix covers the words alone and the words followed by more (`git push`, `git push origin`).
  if (typeof prefix !== 'string') return { perm: 'bash', patterns: [prefix.join(' '), `${prefix.join(' ')} *`] };
  const exact = /^Bash\((.*)\)$/s.exec(p)?.[1]?.trim().split(/\s+/) ?? [];
  if (exact.length > 0 && exact[0] !== '' && exact.every(isPlainWord)) return { perm: 'bash', patterns: [exact.join(' ')] };
  return prefix;
}

/** permission[perm] of a settings object, checked: undefined, one action, or a pattern object. */
function permOf(settings: Record<string, unknown>, perm: string, path: string): unknown {
  const permission = settings['permission'];
  if (permission === undefined) return undefined;
  if (!isPlainObject(permission)) throw new ConfigError(`${path}: "permission" is not an object; nothing was written`);
  return permission[perm];
}

const remove = (text: string, at: string[]) => applyEdits(text, modify(text, at, undefined, { formattingOptions: formatting(text) }));

/** The text without the owned entries still set to deny, and the containers sync created if now empty. */
function withoutOwned(text: string, owned: string[]): string {
  let out = text;
  for (const entry of owned) {
    if (entry.startsWith('+')) continue;
    const space = entry.indexOf(' ');
    const [perm, pattern] = [entry.slice(0, space), entry.slice(space + 1)];
    const current = permOf(parseSettings(out, FILE), perm, FILE);
    if (isPlainObject(current) && current[pattern] === 'deny') out = remove(out, ['permission', perm, pattern]);
  }
  for (const marker of owned.filter((o) => o.startsWith('+perm '))) {
    const perm = marker.slice('+perm '.length);
    const current = permOf(parseSettings(out, FILE), perm, FILE);
    if (isPlainObject(current) && Object.keys(current).length === 0) out = remove(out, ['permission', perm]);
  }
  const permission = parseSettings(out, FILE)['permission'];
  if (owned.includes(CREATED_PERMISSION) && isPlainObject(permission) && Object.keys(permission).length === 0) out = remove(out, ['permission']);
  return out;
}

/** Reads opencode.json's `permission` as Gatehouse rules; what has no exact meaning in Gatehouse is listed with why. */
export function parseOpenCodePermission(text: string): { entries: ImportedEntry[]; skipped: Array<{ entry: string; why: string }> } {
  const permission = parseSettings(text, FILE)['permission'];
  if (!isPlainObject(permission)) throw new ConfigError('expected an opencode.json with a "permission" object');
  const entries: ImportedEntry[] = [];
  const skipped: Array<{ entry: string; why: string }> = [];
  for (const [perm, value] of Object.entries(permission)) {
    const tool = Object.hasOwn(TOOL_OF, perm) ? TOOL_OF[perm]! : undefined;
    const patterns = typeof value === 'string' ? { '*': value } : isPlainObject(value) ? value : null;
    if (!tool || patterns === null) {
      skipped.push({ entry: perm, why: tool ? 'not an action or an object of patterns' : `${perm} is not a tool Gatehouse has a rule for` });
      continue;
    }
    for (const [pattern, action] of Object.entries(patterns)) {
      const mapped = typeof action === 'string' && Object.hasOwn(ACTIONS, action) ? ACTIONS[action]! : undefined;
      const words = pattern.trim().split(/\s+/);
      const prefix = words.at(-1) === '*' ? words.slice(0, -1) : null;
      let rule: string | null = null;
      if (pattern === '*') rule = tool;
      else if (perm === 'bash' && prefix && prefix.length > 0 && prefix.every(isPlainWord)) rule = `Bash(${prefix.join(' ')}:*)`;
      else if (perm === 'bash' && words.every(isPlainWord)) rule = `Bash(${words.join(' ')})`;
      if (!mapped) skipped.push({ entry: `${perm} ${pattern}`, why: `action ${JSON.stringify(action)} is not allow, ask or deny` });
      else if (rule === null) skipped.push({ entry: `${perm} ${pattern}`, why: "a wildcard pattern Gatehouse's rules cannot spell exactly" });
      else entries.push({ action: mapped, pattern: rule });
    }
  }
  return { entries, skipped };
}

/** OpenCode's native policy: deny entries in the `permission` of the scope's opencode.json. */
export const opencodeNativePolicy: NativePolicy = {
  target(ctx) {
    const root = opencodeDir(ctx);
    return { path: join(root, FILE), root };
  },
  render(rules, current, owned): RenderedPolicy {
    let text = withoutOwned(current ?? '', owned);
    if (text.trim() === '') text = '{}\n';
    const out: RenderedPolicy = { text, written: [], skipped: [], owned: [] };
    const before = parseSettings(current ?? '', FILE)['permission'];
    const had = (perm?: string) => isPlainObject(before) && (perm === undefined || before[perm] !== undefined);
    const created = (marker: string, existed: boolean) => {
      if ((!existed || owned.includes(marker)) && !out.owned.includes(marker)) out.owned.push(marker);
    };
    for (const rule of rules) {
      const why = notPortable(rule) ?? (rule.action === 'deny' ? null : "OpenCode runs a call only when Gatehouse's plugin allows it; only deny rules carry over");
      const mapped = why ?? toOpenCodeEntries(rule.pattern);
      if (typeof mapped === 'string') {
        out.skipped.push({ rule, why: mapped });
        continue;
      }
      const current = permOf(parseSettings(out.text, FILE), mapped.perm, FILE);
      if (current !== undefined && !isPlainObject(current)) {
        out.skipped.push({ rule, why: `${FILE} sets "${mapped.perm}" to one action for every call; write the entry by hand` });
        continue;
      }
      const clash = mapped.patterns.find((p) => isPlainObject(current) && current[p] !== undefined && current[p] !== 'deny');
      if (clash !== undefined) {
        out.skipped.push({ rule, why: `${FILE} already sets ${mapped.perm} "${clash}" to ${JSON.stringify((current as Record<string, unknown>)[clash])}; change it by hand` });
        continue;
      }
      out.written.push(rule);
      for (const pattern of mapped.patterns) {
        const now = permOf(parseSettings(out.text, FILE), mapped.perm, FILE);
        if (isPlainObject(now) && now[pattern] === 'deny') continue; // The person's own entry (or this sync's): kept as it is.
        created(CREATED_PERMISSION, had());
        created(createdPerm(mapped.perm), had(mapped.perm));
        out.text = applyEdits(out.text, modify(out.text, ['permission', mapped.perm, pattern], 'deny', { formattingOptions: formatting(out.text) }));
        out.owned.push(key(mapped.perm, pattern));
      }
    }
    return out;
  },
  remove: (current, owned) => withoutOwned(current, owned),
  parse: parseOpenCodePermission,
  recognises: (path, text) => /opencode\.jsonc?$/.test(path) && /"permission"\s*:/.test(text),
};
