// Gatehouse rules as Claude Code `permissions` (deny and ask lists of the settings.json the hook lives in), and back.
// Claude Code has no policy file of its own to generate, so sync adds entries beside the person's and remembers which
// are its own (re-sync and --remove take away only those). Only deny and ask rules are written: whenever Gatehouse
// allows, Claude Code already skips its prompt, and a native allow would also let calls run while Gatehouse is down
// (the hook then says nothing and Claude Code's own rules decide). Rule patterns are Claude Code's own syntax; a
// native deny matches the words as written, and Gatehouse, while it runs, also catches other spellings.
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { parseClaudePermissions } from '../../broker/rule-bundles.js';
import { ConfigError } from '../config-file.js';
import { isPlainObject } from '../hook-agent.js';
import { formatting, parseSettings } from '../json-hooks.js';
import { type NativePolicy, type RenderedPolicy, notPortable } from '../native-policy.js';
import { claudeDir } from './installer.js';

const LISTS = ['deny', 'ask'] as const;

/** An owned entry's key: which list, which pattern. */
function key(list: string, pattern: string): string {
  return `${list} ${pattern}`;
}

/** The permissions list `list` of a settings object, checked. */
function listOf(settings: Record<string, unknown>, list: string, path: string): unknown[] {
  const perms = settings['permissions'];
  if (perms === undefined) return [];
  if (!isPlainObject(perms)) throw new ConfigError(`${path}: "permissions" is not an object; nothing was written`);
  const value = perms[list];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigError(`${path}: "permissions.${list}" is not a list; nothing was written`);
  return value;
}

// Owned markers for containers sync created: taken away again once empty.
const CREATED_PERMISSIONS = '+permissions';
const createdList = (list: string) => `+list ${list}`;

const remove = (text: string, path: Array<string | number>) => applyEdits(text, modify(text, path, undefined, { formattingOptions: formatting(text) }));

/** The text without the owned entries still present (from the end so indices hold), and the lists sync created if now empty. */
function withoutOwned(text: string, owned: string[], path: string): string {
  let out = text;
  for (const list of LISTS) {
    const entries = listOf(parseSettings(out, path), list, path);
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (typeof e === 'string' && owned.includes(key(list, e))) out = remove(out, ['permissions', list, i]);
    }
    if (owned.includes(createdList(list)) && listOf(parseSettings(out, path), list, path).length === 0) out = remove(out, ['permissions', list]);
  }
  const perms = parseSettings(out, path)['permissions'];
  if (owned.includes(CREATED_PERMISSIONS) && isPlainObject(perms) && Object.keys(perms).length === 0) out = remove(out, ['permissions']);
  return out;
}

/**
 * Deny and ask entries in a Claude-style settings.json `permissions` block (Claude Code's, and Qwen Code's, which reads
 * the same lists and rule syntax): `target` is the file, `noAllow` why allow rules are not written there.
 */
export function permissionsPolicy(target: NativePolicy['target'], noAllow: string): NativePolicy {
  return {
    target,
    render(rules, current, owned): RenderedPolicy {
      const path = 'settings.json';
      let text = withoutOwned(current ?? '', owned, path);
      if (text.trim() === '') text = '{}\n';
      const out: RenderedPolicy = { text, written: [], skipped: [], owned: [] };
      // Containers are remembered as created when sync makes them, or made them last time and they are still there.
      const before = parseSettings(current ?? '', path)['permissions'];
      const had = (list?: string) => isPlainObject(before) && (list === undefined || before[list] !== undefined);
      const created = (marker: string, existed: boolean) => {
        if ((!existed || owned.includes(marker)) && !out.owned.includes(marker)) out.owned.push(marker);
      };
      for (const rule of rules) {
        const why = notPortable(rule) ?? (rule.action === 'allow' ? noAllow : null);
        if (why !== null) {
          out.skipped.push({ rule, why });
          continue;
        }
        out.written.push(rule);
        const list = rule.action;
        const entries = listOf(parseSettings(out.text, path), list, path);
        if (entries.includes(rule.pattern)) continue; // The person's own entry: theirs to keep.
        created(CREATED_PERMISSIONS, had());
        created(createdList(list), had(list));
        out.text = applyEdits(out.text, modify(out.text, ['permissions', list, entries.length], rule.pattern, { formattingOptions: formatting(out.text), isArrayInsertion: true }));
        out.owned.push(key(list, rule.pattern));
      }
      return out;
    },
    remove(current, owned) {
      return withoutOwned(current, owned, 'settings.json');
    },
    parse: parseClaudePermissions,
    recognises: (path, text) => path.endsWith('.json') && /"(allow|ask|deny)"\s*:/.test(text),
  };
}

/** Claude Code's native policy: deny and ask entries in the hook's settings.json. */
export const claudeCodeNativePolicy: NativePolicy = permissionsPolicy(
  (ctx) => {
    const root = claudeDir(ctx);
    return { path: join(root, 'settings.json'), root };
  },
  'Claude Code already skips its prompt when Gatehouse allows; a native allow would also run calls while Gatehouse is down',
);
