// Rules in bulk: Claude Code `permissions` blocks in and out, and presets, all added through one path.
import type { ImportReport } from '../../../common/api.js';
import type { Rule, RuleAction, RuleSource } from '../../../common/domain.js';
import type { Store } from '../store/types.js';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { InputError, fromStoreError } from './errors.js';
import { blanketReason, ruleForAgent } from '../policy/index.js';

/** Claude Code's permissions shape. */
export interface PermissionLists {
  allow: string[];
  ask: string[];
  deny: string[];
}

const ACTIONS: RuleAction[] = ['deny', 'ask', 'allow'];

/**
 * Reads a Claude Code settings file (`{permissions:{allow,ask,deny}}`) or a bare `{allow,ask,deny}`; entries that
 * are not strings are reported as skipped. Throws InputError when the text is not such a JSON (with comments) object.
 */
export function parseClaudePermissions(json: string): { entries: Array<{ action: RuleAction; pattern: string }>; skipped: ImportReport['skipped'] } {
  // Settings files may hold comments and trailing commas (the agents read them so); nothing else is tolerated.
  const errors: ParseError[] = [];
  const parsed: unknown = parseJsonc(json, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first) throw new InputError(`not valid JSON: ${printParseErrorCode(first.error)} at line ${json.slice(0, first.offset).split('\n').length}`);
  const root = isObject(parsed) && isObject(parsed['permissions']) ? parsed['permissions'] : parsed;
  if (!isObject(root) || !ACTIONS.some((a) => a in root)) {
    throw new InputError('expected a Claude Code settings object with permissions.allow / ask / deny lists');
  }
  const entries: Array<{ action: RuleAction; pattern: string }> = [];
  const skipped: ImportReport['skipped'] = [];
  for (const action of ACTIONS) {
    const list = root[action];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      skipped.push({ entry: `permissions.${action}`, why: 'not a list' });
      continue;
    }
    for (const item of list) {
      if (typeof item === 'string') entries.push({ action, pattern: item });
      else skipped.push({ entry: JSON.stringify(item) ?? String(item), why: 'not a string' });
    }
  }
  return { entries, skipped };
}

/** One rule to add in bulk; `agent` limits it to that agent's requests (an allow imported from its policy file). */
export interface BundleEntry {
  action: RuleAction;
  pattern: string;
  note?: string;
  agent?: string;
}

/** Why an allow rule is blanket (policy/rules/blanket.ts), or null (other actions, narrow or malformed patterns: the store judges those). */
export function blanketAllow(entry: { action: RuleAction; pattern: string }): string | null {
  if (entry.action !== 'allow') return null;
  try {
    return blanketReason(entry.pattern.trim());
  } catch {
    return null;
  }
}

/**
 * One agent's native rules as rules to add: what its file allows, it allows that agent only. Denies and asks stay for
 * every agent (refusing more is never the risk).
 */
export function forAgent(entries: Array<{ action: RuleAction; pattern: string }>, agent: string): BundleEntry[] {
  return entries.map((e) => (e.action === 'allow' ? { ...e, agent } : e));
}

/**
 * Adds rules as workspace-wide rules from `source`: a pattern the store's parser rejects, or one already present with
 * the same action for the same agents, is skipped with the reason.
 */
export function addRules(store: Store, entries: BundleEntry[], source: RuleSource): ImportReport {
  const report: ImportReport = { imported: [], skipped: [] };
  const keyOf = (action: RuleAction, pattern: string, agent: string | null | undefined) => `${action} ${pattern}\0${agent ?? ''}`;
  const existing = new Set(store.listRules().filter((r) => r.scope === null).map((r) => keyOf(r.action, r.pattern, r.agent)));
  for (const { action, pattern, note, agent } of entries) {
    const key = keyOf(action, pattern.trim(), agent);
    if (existing.has(key)) {
      report.skipped.push({ entry: pattern, why: `already present as an ${action} rule` });
      continue;
    }
    try {
      report.imported.push(store.createRule({ action, pattern: pattern.trim(), source, note: note ?? null, ...(agent === undefined ? {} : { agent }) }));
      existing.add(key);
    } catch (err) {
      report.skipped.push({ entry: pattern, why: (fromStoreError(err) as Error).message });
    }
  }
  return report;
}

/** The rules as Claude Code's permissions lists: enabled, unexpired, with uses left, for every agent or Claude Code; each pattern once. */
export function exportPermissionLists(rules: Rule[], now: Date): PermissionLists {
  const out: PermissionLists = { allow: [], ask: [], deny: [] };
  for (const r of rules) {
    // Claude Code has no contained allow: a sandbox rule is exported as ask, so Claude Code asks where Gatehouse would contain.
    if (!r.enabled || r.uses_left === 0 || !ruleForAgent(r, 'claude-code')) continue;
    if (r.expires_at !== null && Date.parse(r.expires_at) <= now.getTime()) continue;
    const list = out[r.action === 'sandbox' ? 'ask' : r.action];
    if (!list.includes(r.pattern)) list.push(r.pattern);
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
