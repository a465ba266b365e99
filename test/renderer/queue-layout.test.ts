// Queue layout: grouped by session and batch, oldest first, and j/k walk it in display order.
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { groupQueue, queueOrder, stepId } from '../../renderer/queue/grouping.js';
import { requestSummary } from '../../renderer/queue/summary.js';
import { ago, clockSpan } from '../../renderer/queue/time.js';

const rec = (id: string, at: string, session: string | null, group?: string, agent = 'claude-code'): RequestRecord => ({
  request: { id, received_at: `2026-01-01T00:00:${at}Z`, agent, session_id: session, cwd: '/w', tool_name: 'Bash', args: { command: id }, payload: id, ...(group ? { group_id: group } : {}) },
  status: 'pending',
  verdict: { decision: 'ask', reasons: [], risks: [] },
});

describe('groupQueue', () => {
  it('groups by agent session, then batch, each oldest first', () => {
    const sessions = groupQueue([
      rec('r5', '05', 's2'),
      rec('r1', '01', 's1'),
      rec('r4', '04', 's1', 'g1'),
      rec('r2', '02', 's1', 'g1'),
      rec('r3', '03', 's2', 'g2'),
      rec('r6', '06', 's1'),
      rec('r0', '00', 's1', undefined, 'gemini-cli'),
    ]);
    expect(sessions.map((s) => `${s.agent}/${s.sessionId}`)).toEqual(['gemini-cli/s1', 'claude-code/s1', 'claude-code/s2']);
    expect(sessions[1]!.batches.map((b) => [b.groupId, b.records.map((r) => r.request.id)])).toEqual([
      [null, ['r1']],
      ['g1', ['r2', 'r4']],
      [null, ['r6']],
    ]);
    expect(queueOrder(sessions)).toEqual(['r0', 'r1', 'r2', 'r4', 'r6', 'r3', 'r5']);
  });

  it('orders same-instant requests by id (ULIDs sort by time)', () => {
    expect(queueOrder(groupQueue([rec('b', '01', null), rec('a', '01', null)]))).toEqual(['a', 'b']);
  });
});

describe('stepId', () => {
  it.each([
    [null, 1, 'a'],
    ['a', 1, 'b'],
    ['c', 1, 'c'],
    ['a', -1, 'a'],
    ['gone', 1, 'a'],
  ])('from %s by %i → %s', (current, delta, expected) => {
    expect(stepId(['a', 'b', 'c'], current, delta)).toBe(expected);
  });
  it('is null on an empty queue', () => expect(stepId([], 'a', 1)).toBeNull());
});

describe('requestSummary', () => {
  const req = (tool_name: string, args: Record<string, unknown>, description?: string) =>
    requestSummary({ ...rec('x', '00', null).request, tool_name, args, ...(description ? { description } : {}) });
  it.each([
    ['Bash', { command: 'npm test' }, 'npm test'],
    ['Edit', { file_path: '/w/a.ts', old_string: 'a', new_string: 'b' }, '/w/a.ts'],
    ['NotebookEdit', { notebook_path: '/w/n.ipynb', new_source: '' }, '/w/n.ipynb'],
    ['WebFetch', { url: 'https://example.com', prompt: 'p' }, 'https://example.com'],
    ['Grep', { pattern: 'TODO', path: 'src' }, 'TODO in src'],
    ['mcp__github__create_issue', { title: 't' }, '{"title":"t"}'],
    // The same words the audit and the notification use (common/summary.ts): Codex argv, Gemini's path names.
    ['shell', { command: ['bash', '-lc', 'ls'] }, 'bash -lc ls'],
    ['read_file', { absolute_path: '/w/a.ts' }, '/w/a.ts'],
  ])('%s', (tool, args, expected) => expect(req(tool, args)).toBe(expected));
  it('prefers the description over raw JSON for unknown tools', () => expect(req('custom', { a: 1 }, 'does a thing')).toBe('does a thing'));
});

describe('time', () => {
  it.each([
    [0, '0:00'],
    [65_000, '1:05'],
    [3_725_000, '1:02:05'],
    [-5_000, '0:00'],
    [400, '0:01'],
  ])('clockSpan(%i) = %s', (ms, text) => expect(clockSpan(ms)).toBe(text));
  it('ago', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    expect(ago('2026-01-01T01:00:00Z', now)).toBe('just now');
    expect(ago('2026-01-01T00:59:18Z', now)).toBe('42 s ago');
    expect(ago('2026-01-01T00:57:00Z', now)).toBe('3 min ago');
    expect(ago('2025-12-31T23:00:00Z', now)).toBe('2 h ago');
  });
});
