// Rules: CRUD with validation, and hit counting for "for the next N uses" rules.
import { isAbsolute, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { monotonicFactory } from 'ulid';
import type { Rule, RuleAction, RuleInput, RuleSource } from '../../../common/domain.js';
import { integer, isoTime, oneOf, optionalText, text } from './input.js';
import { StoreInputError, StoreNotFoundError } from './types.js';

/** Throws StoreInputError when a rule pattern is malformed (openStore passes the policy's parser, see rule-pattern.ts). */
export type PatternValidator = (pattern: string) => void;

/** A rule as SQLite stores it: the domain Rule with `enabled` as 0/1. */
type RuleRow = Omit<Rule, 'enabled' | 'agent'> & { enabled: number; agent: string | null };

// Monotonic: ids made in the same millisecond still sort in creation order (lists are ordered by created_at, id).
const ulid = monotonicFactory();

const ACTIONS: readonly RuleAction[] = ['allow', 'sandbox', 'ask', 'deny'];
const SOURCES: readonly RuleSource[] = ['user', 'preset', 'import'];
const FIELDS = new Set(['action', 'pattern', 'scope', 'enabled', 'expires_at', 'uses_left', 'note', 'source', 'agent']);

const toRule = (row: RuleRow): Rule => ({ ...row, enabled: row.enabled === 1 });

/** An agent field (`gemini-cli`, `claude-code`), or null for every agent. */
function agentOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const agent = text(value, 'agent', 64);
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(agent)) throw new StoreInputError(`agent must be an agent name like gemini-cli, got ${JSON.stringify(agent)}`);
  return agent;
}

function scopeOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const dir = text(value, 'scope', 4096);
  if (!isAbsolute(dir)) throw new StoreInputError(`scope must be an absolute workspace path, got ${JSON.stringify(dir)}`);
  return resolve(dir);
}

/** Validates the fields present in `input`, returning the columns to write. */
function columns(input: Record<string, unknown>, validate: PatternValidator): Partial<RuleRow> {
  for (const key of Object.keys(input)) if (!FIELDS.has(key)) throw new StoreInputError(`unknown rule field ${JSON.stringify(key)}`);
  const out: Partial<RuleRow> = {};
  if ('action' in input) out.action = oneOf(input.action, ACTIONS, 'action');
  if ('pattern' in input) {
    out.pattern = text(input.pattern, 'pattern', 2000).trim();
    validate(out.pattern);
  }
  if ('scope' in input) out.scope = scopeOf(input.scope);
  if ('enabled' in input) {
    if (typeof input.enabled !== 'boolean') throw new StoreInputError('enabled must be true or false');
    out.enabled = input.enabled ? 1 : 0;
  }
  if ('expires_at' in input) out.expires_at = input.expires_at === null || input.expires_at === undefined ? null : isoTime(input.expires_at, 'expires_at');
  if ('uses_left' in input) out.uses_left = input.uses_left === null || input.uses_left === undefined ? null : integer(input.uses_left, 'uses_left', 1);
  if ('note' in input) out.note = optionalText(input.note, 'note', 1000);
  if ('source' in input) out.source = oneOf(input.source, SOURCES, 'source');
  if ('agent' in input) out.agent = agentOf(input.agent);
  return out;
}

/** A `sandbox` rule contains shell commands: on any other tool it would mean nothing, so it is refused. */
function checkSandboxable(action: string, pattern: string): void {
  if (action === 'sandbox' && !/^Bash(\(|$)/.test(pattern.trim())) {
    throw new StoreInputError(`a sandbox rule contains shell commands: write Bash(...) or Bash, not ${JSON.stringify(pattern)}`);
  }
}

/** The rules part of the store, bound to one connection. */
export function rulesRepo(db: Database.Database, validate: PatternValidator) {
  const byId = db.prepare<[string], RuleRow>('SELECT * FROM rules WHERE id = ?');
  const all = db.prepare<[], RuleRow>('SELECT * FROM rules ORDER BY created_at, id');
  const insert = db.prepare(
    `INSERT INTO rules (id, action, pattern, scope, enabled, expires_at, uses_left, note, created_at, last_used_at, hit_count, source, agent)
     VALUES (@id, @action, @pattern, @scope, @enabled, @expires_at, @uses_left, @note, @created_at, @last_used_at, @hit_count, @source, @agent)`,
  );
  const remove = db.prepare<[string]>('DELETE FROM rules WHERE id = ?');
  const hit = db.prepare<[string, string]>(
    `UPDATE rules SET hit_count = hit_count + 1, last_used_at = ?,
       uses_left = CASE WHEN uses_left IS NULL THEN NULL ELSE MAX(uses_left - 1, 0) END
     WHERE id = ?`,
  );

  // The policy's rules: one array, rebuilt only when a rule changes here or another connection (the CLI) commits. Its
  // rules are frozen and a hit replaces its rule in place, so the policy knows them unchanged by identity alone.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let cached: { version: number; rules: Rule[]; byId: Map<string, number> } | null = null;
  const changed = <T>(result: T): T => {
    cached = null;
    return result;
  };

  const getRule = (id: string): Rule | null => {
    const row = byId.get(id);
    return row ? toRule(row) : null;
  };
  const mustGet = (id: string): Rule => {
    const rule = getRule(id);
    if (!rule) throw new StoreNotFoundError(`no rule with id ${id}`);
    return rule;
  };

  return {
    listRules: (): Rule[] => all.all().map(toRule),
    /** Drops the snapshot (a transaction that counted hits in it rolled back). */
    forgetSnapshot(): void {
      cached = null;
    },
    rulesSnapshot(): Rule[] {
      const version = dataVersion.get() ?? 0;
      if (cached === null || cached.version !== version) {
        const rules = all.all().map((row) => Object.freeze(toRule(row)));
        cached = { version, rules, byId: new Map(rules.map((r, at) => [r.id, at])) };
      }
      return cached.rules;
    },
    getRule,
    createRule(input: RuleInput): Rule {
      if (input === null || typeof input !== 'object') throw new StoreInputError('a rule must be a JSON object');
      if (input.action === undefined || input.pattern === undefined) throw new StoreInputError('a rule needs an action and a pattern');
      const row: RuleRow = {
        id: ulid(),
        action: 'ask',
        pattern: '',
        scope: null,
        enabled: 1,
        expires_at: null,
        uses_left: null,
        note: null,
        created_at: new Date().toISOString(),
        last_used_at: null,
        hit_count: 0,
        source: 'user',
        agent: null,
        ...columns(input as unknown as Record<string, unknown>, validate),
      };
      checkSandboxable(row.action, row.pattern);
      insert.run(row);
      return changed(toRule(row));
    },
    updateRule(id: string, patch: Partial<RuleInput>): Rule {
      if (patch === null || typeof patch !== 'object') throw new StoreInputError('a rule change must be a JSON object');
      const current = mustGet(id);
      const changes = columns(patch as Record<string, unknown>, validate);
      checkSandboxable(changes.action ?? current.action, changes.pattern ?? current.pattern);
      const keys = Object.keys(changes);
      if (keys.length > 0) {
        db.prepare(`UPDATE rules SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...changes, id });
      }
      return keys.length > 0 ? changed(mustGet(id)) : current;
    },
    deleteRule(id: string): void {
      if (remove.run(id).changes === 0) throw new StoreNotFoundError(`no rule with id ${id}`);
      cached = null;
    },
    recordRuleHit(id: string, at: Date): void {
      const when = isoTime(at, 'hit time');
      if (hit.run(when, id).changes === 0) throw new StoreNotFoundError(`no rule with id ${id}`);
      // In the snapshot's place, so the snapshot keeps its identity and a "next N uses" rule runs out exactly on time.
      const place = cached?.byId.get(id);
      const rule = place === undefined ? undefined : cached!.rules[place];
      if (rule) {
        const usesLeft = rule.uses_left === null ? null : Math.max(rule.uses_left - 1, 0);
        cached!.rules[place!] = Object.freeze({ ...rule, hit_count: rule.hit_count + 1, last_used_at: when, uses_left: usesLeft });
      }
    },
  };
}
