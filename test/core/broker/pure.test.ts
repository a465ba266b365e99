// Pure pieces of the broker: edited-args validation, agent outcomes, settings import/export parsing, metrics text.
import { describe, expect, it } from 'vitest';
import type { RequestRecord, Rule } from '../../../common/domain.js';
import { InputError } from '../../../main/core/broker/errors.js';
import { Metrics } from '../../../main/core/broker/metrics.js';
import { agentOutcome, decidedByVerdict } from '../../../main/core/broker/outcome.js';
import { exportPermissionLists, parseClaudePermissions } from '../../../main/core/broker/rule-bundles.js';
import { validateUpdatedArgs } from '../../../main/core/broker/updated-args.js';

describe('validateUpdatedArgs', () => {
  const edit = { file_path: '/w/a.ts', old_string: 'a', new_string: 'b' };
  it.each([
    ['a valid Edit', 'Edit', edit, { ...edit, new_string: 'c' }],
    ['Edit keeping an extra field the agent sent', 'Edit', { ...edit, future_field: 1 }, { ...edit, future_field: 2 }],
    ['a valid Bash', 'Bash', { command: 'ls' }, { command: 'ls -la', timeout: 1000 }],
    ['a valid MultiEdit', 'MultiEdit', { file_path: '/w/a', edits: [] }, { file_path: '/w/a', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }] }],
    ['any object for an MCP tool', 'mcp__x__y', { a: 1 }, { b: 'anything' }],
  ])('accepts %s', (_n, tool, original, updated) => {
    expect(validateUpdatedArgs('claude-code', tool, original, updated)).toEqual(updated);
  });

  it.each([
    ['not an object', 'Edit', edit, 'x', /JSON object/],
    ['an array', 'Edit', edit, [], /JSON object/],
    ['a missing field', 'Edit', edit, { file_path: '/w/a.ts', old_string: 'a' }, /new_string is required/],
    ['a wrong type', 'Edit', edit, { ...edit, replace_all: 'yes' }, /replace_all must be a boolean/],
    ['an invented field', 'Write', { file_path: '/a', content: '' }, { file_path: '/a', content: '', mode: 0o777 }, /mode is not a field/],
    ['a Bash without command', 'Bash', { command: 'ls' }, { description: 'x' }, /command is required/],
    ['MultiEdit with a broken edit', 'MultiEdit', { file_path: '/a', edits: [] }, { file_path: '/a', edits: [{ old_string: 1 }] }, /edits\[0\]/],
    ['MultiEdit with no edits', 'MultiEdit', { file_path: '/a', edits: [] }, { file_path: '/a', edits: [] }, /must not be empty/],
  ])('refuses %s', (_n, tool, original, updated, message) => {
    expect(() => validateUpdatedArgs('claude-code', tool, original, updated)).toThrow(InputError);
    expect(() => validateUpdatedArgs('claude-code', tool, original, updated)).toThrow(message);
  });
});

describe('agentOutcome — only an approval allows', () => {
  const rec = (status: RequestRecord['status']) => ({ status }) as RequestRecord;
  it.each([
    ['approved', 'deny', 'allow'], ['approved', 'no-decision', 'allow'],
    ['denied', 'no-decision', 'deny'],
    ['expired', 'deny', 'deny'], ['expired', 'no-decision', 'none'],
    ['cancelled', 'deny', 'none'], ['pending', 'deny', 'none'],
  ] as const)('%s with timeout outcome %s → %s', (status, outcome, expected) => {
    expect(agentOutcome(rec(status), outcome)).toBe(expected);
  });

  it('names who decided an immediate verdict', () => {
    expect(decidedByVerdict({ decision: 'allow', reasons: [], risks: [], matched_rule: 'r1' }, 'interactive')).toBe('rule');
    expect(decidedByVerdict({ decision: 'allow', reasons: [], risks: [], session_approved: true }, 'interactive')).toBe('session');
    expect(decidedByVerdict({ decision: 'allow', reasons: ['approve-all mode'], risks: [] }, 'approve-all')).toBe('mode');
    expect(decidedByVerdict({ decision: 'deny', reasons: ['strict mode: denied'], risks: [] }, 'strict')).toBe('mode');
    expect(decidedByVerdict({ decision: 'deny', reasons: ['built-in: x'], risks: [], hard_deny: true }, 'approve-all')).toBe('policy');
    expect(decidedByVerdict({ decision: 'allow', reasons: ['workspace tier'], risks: [] }, 'interactive')).toBe('policy');
  });
});

describe('Claude Code permissions in and out', () => {
  it('reads a settings file or a bare block, reporting non-strings', () => {
    const full = parseClaudePermissions(JSON.stringify({ permissions: { allow: ['Bash(ls:*)', 7], deny: ['Read(./.env)'] }, hooks: {} }));
    expect(full.entries).toEqual([{ action: 'deny', pattern: 'Read(./.env)' }, { action: 'allow', pattern: 'Bash(ls:*)' }]);
    expect(full.skipped).toEqual([{ entry: '7', why: 'not a string' }]);
    expect(parseClaudePermissions('{"ask":["WebFetch"]}').entries).toEqual([{ action: 'ask', pattern: 'WebFetch' }]);
  });

  it.each(['not json', '[]', '{"hooks":{}}', 'null'])('refuses %s', (text) => {
    expect(() => parseClaudePermissions(text)).toThrow(InputError);
  });

  it('exports live rules only, each pattern once', () => {
    const base: Rule = {
      id: '1', action: 'allow', pattern: 'Bash(ls:*)', scope: null, enabled: true, expires_at: null, uses_left: null, note: null,
      created_at: '2026-01-01T00:00:00Z', last_used_at: null, hit_count: 0, source: 'user',
    };
    const now = new Date('2026-06-01T00:00:00Z');
    expect(
      exportPermissionLists(
        [
          base,
          { ...base, id: '2' },
          { ...base, id: '3', action: 'deny', pattern: 'Bash(sudo:*)' },
          { ...base, id: '4', pattern: 'Bash(off)', enabled: false },
          { ...base, id: '5', pattern: 'Bash(old)', expires_at: '2026-02-01T00:00:00Z' },
          { ...base, id: '6', pattern: 'Bash(used)', uses_left: 0 },
        ],
        now,
      ),
    ).toEqual({ allow: ['Bash(ls:*)'], ask: [], deny: ['Bash(sudo:*)'] });
  });
});

describe('Metrics', () => {
  it('renders Prometheus text with cumulative histogram buckets', () => {
    const m = new Metrics();
    m.onSubmitted(true, [{ flag: 'destructive', reason: 'rm' }], false);
    m.onDecided('approved', 3, false);
    m.onDecided('denied', 2000, true);
    const text = m.render();
    expect(text).toMatch(/^tool_consent_required_total 1$/m);
    expect(text).toMatch(/^dangerous_operations_detected_total 1$/m);
    expect(text).toMatch(/^tool_authorization_failures_total 1$/m);
    expect(text).toMatch(/^gatehouse_decision_latency_seconds_bucket\{le="0\.005"\} 1$/m);
    expect(text).toMatch(/^gatehouse_decision_latency_seconds_bucket\{le="5"\} 2$/m);
    expect(text).toMatch(/^gatehouse_decision_latency_seconds_count 2$/m);
    expect(text.endsWith('\n')).toBe(true);
  });
});
