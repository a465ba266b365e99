// The rule editor's form state and its validation into a RuleInput; pure so the edge cases are table-tested.
import type { Rule, RuleAction, RuleInput } from '../../common/domain.js';
import { formatRelative } from '../history/format.js';
import { isoToLocalInput, localInputToIso } from '../history/filters.js';

/** How long a rule lasts. */
export type ExpiryKind = 'never' | 'until' | 'uses' | '30min';

/** The rule editor exactly as its inputs hold it. */
export interface RuleForm {
  action: RuleAction;
  pattern: string;
  scopeKind: 'everywhere' | 'workspace';
  scopePath: string;
  expiry: ExpiryKind;
  /** `datetime-local` value, read when expiry is "until". */
  until: string;
  /** Number of uses as typed, read when expiry is "uses". */
  uses: string;
  note: string;
  enabled: boolean;
}

/** A blank form for a new rule. */
export const NEW_RULE_FORM: RuleForm = {
  action: 'allow', pattern: '', scopeKind: 'everywhere', scopePath: '', expiry: 'never',
  until: '', uses: '', note: '', enabled: true,
};

/** Enabled allow rules from which the Rules view warns that the list is getting hard to reason about. */
export const MANY_ALLOW_RULES = 20;

const THIRTY_MINUTES_MS = 30 * 60_000;

/** Absolute paths on POSIX and Windows (drive or UNC); a relative scope would depend on where the agent runs. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** Validates the form into the RuleInput to save, or a one-line problem the user can fix. */
export function toRuleInput(form: RuleForm, now: Date): { ok: true; input: RuleInput } | { ok: false; error: string } {
  const pattern = form.pattern.trim();
  if (!pattern) return { ok: false, error: 'Enter a pattern, e.g. Bash(git status) or Read(./src/**).' };
  let scope: string | null = null;
  if (form.scopeKind === 'workspace') {
    scope = form.scopePath.trim();
    if (!isAbsolutePath(scope)) return { ok: false, error: 'The workspace must be an absolute path, e.g. /home/me/project.' };
  }
  let expires_at: string | null = null;
  let uses_left: number | null = null;
  if (form.expiry === 'until') {
    expires_at = localInputToIso(form.until);
    if (!expires_at) return { ok: false, error: 'Choose the date and time the rule expires.' };
    if (new Date(expires_at).getTime() <= now.getTime()) return { ok: false, error: 'The expiry time is already past.' };
  } else if (form.expiry === '30min') {
    expires_at = new Date(now.getTime() + THIRTY_MINUTES_MS).toISOString();
  } else if (form.expiry === 'uses') {
    const uses = form.uses.trim();
    if (!/^\d+$/.test(uses) || Number(uses) < 1 || Number(uses) > 1_000_000) {
      return { ok: false, error: 'The number of uses must be a whole number from 1 to 1000000.' };
    }
    uses_left = Number(uses);
  }
  const note = form.note.trim();
  return {
    ok: true,
    input: { action: form.action, pattern, scope, enabled: form.enabled, expires_at, uses_left, note: note || null },
  };
}

/** The form for editing an existing rule; a use count wins over a time when a rule has both. */
export function formFromRule(rule: Rule): RuleForm {
  const expiry: ExpiryKind = rule.uses_left !== null ? 'uses' : rule.expires_at ? 'until' : 'never';
  return {
    action: rule.action,
    pattern: rule.pattern,
    scopeKind: rule.scope === null ? 'everywhere' : 'workspace',
    scopePath: rule.scope ?? '',
    expiry,
    until: rule.expires_at ? isoToLocalInput(rule.expires_at) : '',
    uses: rule.uses_left !== null ? String(rule.uses_left) : '',
    note: rule.note ?? '',
    enabled: rule.enabled,
  };
}

/** True when a rule can no longer decide anything: its time passed or its uses ran out. */
export function isExpired(rule: Rule, now: Date): boolean {
  if (rule.uses_left !== null && rule.uses_left <= 0) return true;
  return rule.expires_at !== null && new Date(rule.expires_at).getTime() <= now.getTime();
}

/** The expiry column: "never", "in 25 min", "3 uses left", "expired", or both parts. */
export function expiryLabel(rule: Rule, now: Date): string {
  if (isExpired(rule, now)) return 'expired';
  const parts: string[] = [];
  if (rule.uses_left !== null) parts.push(`${rule.uses_left} ${rule.uses_left === 1 ? 'use' : 'uses'} left`);
  if (rule.expires_at) parts.push(formatRelative(rule.expires_at, now));
  return parts.length ? parts.join(' · ') : 'never';
}

/** Enabled, unexpired allow rules: the count behind the "too many allow rules" warning. */
export function activeAllowCount(rules: Rule[], now: Date): number {
  return rules.filter((r) => r.enabled && r.action === 'allow' && !isExpired(r, now)).length;
}
