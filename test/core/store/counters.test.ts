// The dashboard's hourly counters, the background search index and the rules snapshot must answer exactly what
// the entries themselves say, whatever was written, decided, pruned, or changed by another process.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditFilter, Decision } from '../../../common/domain.js';
import { openStore, type OpenStore } from '../../../main/core/store/index.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

const START = Date.parse('2026-05-01T00:00:00.000Z');

/** Entries spread over ~30 hours, every kind of outcome, some still pending; every agent is claude-code. */
function spread(store: OpenStore): void {
  const tools = ['Bash', 'Read', 'Edit', 'WebFetch'];
  for (let i = 0; i < 240; i++) {
    const r = request({ received_at: new Date(START + i * 7.5 * 60_000 + (i % 7) * 1000).toISOString(), tool_name: tools[i % 4]! });
    const at = new Date(Date.parse(r.received_at) + 100).toISOString();
    const kinds: Array<Decision | null> = [
      approved({ decided_by: 'rule', rule_id: `R${i % 5}`, decided_at: at }),
      approved({ decided_by: 'user', latency_ms: (i * 37) % 1000, decided_at: at }),
      approved({ status: 'denied', decided_by: 'user', latency_ms: i % 90, decided_at: at }),
      approved({ status: 'expired', decided_by: 'timeout', decided_at: at }),
      approved({ decided_by: 'mode', decided_at: at }),
      null,
    ];
    const d = kinds[i % kinds.length]!;
    if (d && i % 2 === 0) store.insertDecided(r, verdict('allow'), d);
    else {
      store.insertRequest(r, verdict());
      if (d) store.recordDecision(r.id, d);
    }
  }
}

/** The same filter plus one that selects everything but forces the slow path (grouping the entries themselves). */
function bothWays(store: OpenStore, filter: AuditFilter) {
  return { fast: store.auditStats(filter), slow: store.auditStats({ ...filter, agent: 'claude-code' }) };
}

describe('dashboard counters', () => {
  const ranges: AuditFilter[] = [
    {},
    { from: '2026-05-01T03:00:00.000Z', to: '2026-05-01T20:59:59.999Z' }, // whole hours
    { from: '2026-05-01T03:17:00.000Z', to: '2026-05-01T20:05:00.000Z' }, // partial hours at both edges
    { from: '2026-05-01T05:10:00.000Z', to: '2026-05-01T05:50:00.000Z' }, // inside one hour
    { from: '2026-05-01T10:30:00.000Z' },
    { to: '2026-05-01T10:30:00.000Z' },
  ];

  it('give the same dashboard as grouping the entries, for whole, partial and open time ranges', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    spread(t.store);
    for (const f of ranges) {
      const { fast, slow } = bothWays(t.store, f);
      expect(fast, JSON.stringify(f)).toEqual(slow);
    }
    expect(t.store.auditStats({}).top_tools.reduce((n, x) => n + x.count, 0)).toBe(240);
  });

  it('stay exact after pruning and after a pending entry is decided', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    spread(t.store);
    for (const p of t.store.listPending().slice(0, 5)) t.store.recordDecision(p.request.id, approved({ latency_ms: 42 }));
    t.store.updateSettings({ retention_max_entries: 150 });
    expect(t.store.pruneAudit(new Date())).toBeGreaterThan(0);
    for (const f of ranges) {
      const { fast, slow } = bothWays(t.store, f);
      expect(fast, JSON.stringify(f)).toEqual(slow);
    }
  });
});

describe('background search index', () => {
  it('finds an entry as soon as it is written, and another process finds entries this one has not indexed yet', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    t.store.insertRequest(request({ args: { command: 'terraform apply' } }), verdict());
    // A second connection (the CLI) opening now indexes what the first has not yet.
    const other = openStore(t.path);
    try {
      expect(other.queryAudit({ q: 'terraform' }).entries).toHaveLength(1);
    } finally {
      other.close();
    }
    t.store.insertRequest(request({ args: { command: 'terraform destroy' } }), verdict());
    expect(t.store.queryAudit({ q: 'terraform' }).entries).toHaveLength(2);
    const raw = new Database(t.path, { readonly: true });
    const indexed = raw.prepare("SELECT count(*) FROM audit_fts WHERE audit_fts MATCH 'terraform'").pluck().get();
    raw.close();
    expect(indexed).toBe(2); // indexed once each, although two connections caught up
  });
});

describe('rules snapshot', () => {
  it('keeps one array until a rule changes, here or in another process, and counts uses in place', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    const rule = t.store.createRule({ action: 'allow', pattern: 'Bash(git push)', uses_left: 2 });
    const first = t.store.rulesSnapshot();
    expect(t.store.rulesSnapshot()).toBe(first);
    t.store.recordRuleHit(rule.id, new Date());
    expect(t.store.rulesSnapshot()).toBe(first);
    expect(first[0]).toMatchObject({ hit_count: 1, uses_left: 1 });
    // Frozen: the policy may trust a rule it has seen to stay as it was (a hit replaces it in its place).
    expect(first.every((r) => Object.isFrozen(r))).toBe(true);
    const cli = openStore(t.path);
    cli.updateRule(rule.id, { enabled: false });
    cli.close();
    const after = t.store.rulesSnapshot();
    expect(after).not.toBe(first);
    expect(after[0]).toMatchObject({ enabled: false, hit_count: 1, uses_left: 1 });
  });
});
