import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditFilter } from '../../../common/domain.js';
import { StoreInputError, type OpenStore } from '../../../main/core/store/index.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let store: OpenStore;
let cleanup: () => void;
const ids: Record<string, string> = {};

beforeEach(() => {
  ({ store, cleanup } = tempStore());
  const add = (name: string, overrides: Parameters<typeof request>[0], reasons: string[], decision?: Parameters<typeof approved>[0]) => {
    const r = request(overrides);
    store.insertRequest(r, verdict('ask', reasons));
    if (decision) store.recordDecision(r.id, approved(decision));
    ids[name] = r.id;
  };
  add('status', { args: { command: 'git status' } }, ['allowed by rule Bash(git status)'], { decided_by: 'rule', rule_id: 'R-git' });
  add('read', { tool_name: 'Read', args: { file_path: '/work/app/src/main.ts' }, session_id: 'sess-2' }, ['inside the workspace and tracked by git'], { decided_by: 'policy' });
  add('rm', { args: { command: 'rm -rf build' }, description: 'clean the build folder' }, ['destructive: rm -rf'], { status: 'denied', reason: 'not today' });
  add('fetch', { tool_name: 'WebFetch', args: { url: 'https://example.com/docs', prompt: 'sum' }, agent: 'gemini-cli', cwd: '/work/other' }, ['network access'], { status: 'expired', decided_by: 'timeout' });
  add('pending', { args: { command: 'npm publish' } }, ['publishes a package']);
});
afterEach(() => cleanup());

const seqsOf = (filter: AuditFilter) => store.queryAudit(filter).entries.map((e) => e.id);

describe('audit filters', () => {
  it.each<[string, AuditFilter, string[]]>([
    ['no filter: newest first', {}, ['pending', 'fetch', 'rm', 'read', 'status']],
    ['agent', { agent: 'gemini-cli' }, ['fetch']],
    ['session', { session_id: 'sess-2' }, ['read']],
    ['workspace', { cwd: '/work/other' }, ['fetch']],
    ['tool', { tool_name: 'Read' }, ['read']],
    ['status', { status: 'denied' }, ['rm']],
    ['status pending', { status: 'pending' }, ['pending']],
    ['decided by', { decided_by: 'timeout' }, ['fetch']],
    ['rule id', { rule_id: 'R-git' }, ['status']],
    ['combined', { tool_name: 'Bash', status: 'approved' }, ['status']],
    ['nothing matches', { agent: 'codex' }, []],
  ])('%s', (_name, filter, expected) => {
    expect(seqsOf(filter)).toEqual(expected.map((n) => ids[n]));
  });

  it('filters by time range (inclusive)', () => {
    const all = store.queryAudit({}).entries;
    const read = all.find((e) => e.id === ids.read)!;
    const fetch = all.find((e) => e.id === ids.fetch)!;
    // A window that ends in the past (served through the time index) and one that reaches the newest entries (a seq walk).
    expect(seqsOf({ from: read.received_at, to: fetch.received_at })).toEqual([ids.fetch, ids.rm, ids.read]);
    expect(seqsOf({ from: fetch.received_at })).toEqual([ids.pending, ids.fetch]);
    expect(seqsOf({ from: read.received_at, to: '2100-01-01T00:00:00Z', tool_name: 'Bash' })).toEqual([ids.pending, ids.rm]);
    expect([...store.iterateAudit({ to: read.received_at })].map((e) => e.id)).toEqual([ids.status, ids.read]);
  });

  it.each<[string, AuditFilter]>([
    ['an unknown status', { status: 'weird' as never }],
    ['an unknown decider', { decided_by: 'robot' as never }],
    ['a bad time', { from: 'last tuesday' }],
    ['a zero limit', { limit: 0 }],
    ['a forged cursor', { cursor: 'bm9wZQ' }],
    ['a cursor that is not base64', { cursor: '%%%' }],
  ])('refuses %s with StoreInputError', (_name, filter) => {
    expect(() => store.queryAudit(filter)).toThrow(StoreInputError);
  });

  it('caps the page size at 500', () => {
    for (let i = 0; i < 600; i++) store.insertRequest(request(), verdict());
    const page = store.queryAudit({ limit: 10_000 });
    expect(page.entries).toHaveLength(500);
    expect(page.next_cursor).not.toBeNull();
  });
});

describe('full-text search', () => {
  it.each<[string, string, string[]]>([
    ['a command word', 'rm', ['rm']],
    ['a path fragment', 'main.ts', ['read']],
    ['the description', 'build folder', ['rm']],
    ['a verdict reason', 'destructive', ['rm']],
    ['the person\'s reason', 'today', ['rm']],
    ['the tool name', 'WebFetch', ['fetch']],
    ['a url host', 'example.com', ['fetch']],
    ['a prefix', 'publi*', ['pending']],
    ['two words (AND)', 'git status', ['status']],
    ['case-insensitive', 'GIT STATUS', ['status']],
    ['no match', 'kubectl', []],
  ])('finds %s', (_name, q, expected) => {
    expect(seqsOf({ q })).toEqual(expected.map((n) => ids[n]));
  });

  it.each(['"', '""', '*', 'NEAR(', 'NEAR(git status', '-', '-rf', 'git OR', 'AND', 'tool_name:Bash', '(', ')', '^', "'", 'a"b', '\0', '   '])(
    'never throws on hostile FTS syntax %j',
    (q) => {
      expect(() => store.queryAudit({ q })).not.toThrow();
      expect(() => [...store.iterateAudit({ q })]).not.toThrow();
    },
  );

  it('treats FTS operators as plain words', () => {
    expect(seqsOf({ q: '-rf' })).toEqual([ids.rm]);
    expect(seqsOf({ q: 'NEAR' })).toEqual([]);
  });

  it('combines search with filters', () => {
    expect(seqsOf({ q: 'git OR rm', status: 'denied' })).toEqual([]);
    expect(seqsOf({ q: 'rm', status: 'denied' })).toEqual([ids.rm]);
  });
});

describe('cursor paging', () => {
  it('walks every entry once, newest first, while new entries keep arriving', () => {
    for (let i = 0; i < 45; i++) store.insertRequest(request({ args: { command: `echo page ${i}` } }), verdict());
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = store.queryAudit({ limit: 7, ...(cursor ? { cursor } : {}) });
      seen.push(...result.entries.map((e) => e.seq));
      // Arrivals between pages must not shift or repeat what the next page shows.
      store.insertRequest(request(), verdict());
      if (!result.next_cursor) break;
      cursor = result.next_cursor;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => 50 - i));
  });

  it('pages through search results the same way', () => {
    for (let i = 0; i < 12; i++) store.insertRequest(request({ args: { command: `echo needle ${i}` } }), verdict());
    const first = store.queryAudit({ q: 'needle', limit: 5 });
    const second = store.queryAudit({ q: 'needle', limit: 5, cursor: first.next_cursor! });
    const third = store.queryAudit({ q: 'needle', limit: 5, cursor: second.next_cursor! });
    const all = [...first.entries, ...second.entries, ...third.entries].map((e) => e.summary);
    expect(all).toEqual(Array.from({ length: 12 }, (_, i) => `echo needle ${11 - i}`));
    expect(third.next_cursor).toBeNull();
  });

  it('iterates in insertion order across chunk boundaries', () => {
    for (let i = 0; i < 2100; i++) store.insertRequest(request(), verdict());
    const seqs = [...store.iterateAudit({})].map((e) => e.seq);
    expect(seqs).toHaveLength(2105);
    expect(seqs.every((s, i) => s === i + 1)).toBe(true);
  });

  it('lets writes happen while an iteration is half-way', () => {
    for (let i = 0; i < 1500; i++) store.insertRequest(request(), verdict());
    const it = store.iterateAudit({});
    it.next();
    expect(() => store.insertRequest(request(), verdict())).not.toThrow();
    expect([...it].length).toBeGreaterThanOrEqual(1504);
  });
});

describe('audit stats', () => {
  it('counts decisions per bucket, top tools and rules, and the median time to a person\'s decision', () => {
    const rule = store.createRule({ action: 'allow', pattern: 'Bash(git status)' });
    const r = request();
    store.insertRequest(r, verdict());
    store.recordDecision(r.id, approved({ decided_by: 'rule', rule_id: rule.id }));
    for (const latency of [100, 300, 900]) {
      const u = request();
      store.insertRequest(u, verdict());
      store.recordDecision(u.id, approved({ latency_ms: latency }));
    }
    const stats = store.auditStats({});
    const sum = (k: 'auto_allowed' | 'approved' | 'denied' | 'expired') => stats.buckets.reduce((n, b) => n + b[k], 0);
    expect([sum('auto_allowed'), sum('approved'), sum('denied'), sum('expired')]).toEqual([3, 3, 1, 1]);
    expect(stats.buckets[0]!.start).toMatch(/T\d\d:00:00\.000Z$/);
    expect(stats.top_tools[0]).toEqual({ tool_name: 'Bash', count: 7 });
    expect(stats.top_rules).toContainEqual({ rule_id: rule.id, pattern: 'Bash(git status)', count: 1 });
    expect(stats.top_rules).toContainEqual({ rule_id: 'R-git', pattern: '(deleted rule)', count: 1 });
    expect(stats.median_decision_ms).toBe(400); // user decisions 100, 300, 500, 900
    expect(store.auditStats({ agent: 'nobody' })).toEqual({ buckets: [], top_tools: [], top_rules: [], median_decision_ms: null });
  });

  it('fills empty buckets and switches to days for longer ranges', () => {
    const stats = store.auditStats({ from: '2026-02-01T00:00:00Z', to: '2026-03-10T00:00:00Z' });
    expect(stats.buckets).toHaveLength(38);
    expect(stats.buckets[0]!.start).toBe('2026-02-01T00:00:00.000Z');
    expect(stats.buckets.reduce((n, b) => n + b.approved + b.auto_allowed + b.denied + b.expired, 0)).toBe(4);
  });
});
