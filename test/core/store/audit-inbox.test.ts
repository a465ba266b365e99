// A request decided at once is committed to the inbox (audit_inbox) and moves into the audit later: nothing a user
// reads through the store may tell the difference. Every read path sees it at once, a crash leaves nothing behind,
// counters and decision numbers stay exact, duplicates are refused across both tables, and two processes settling at
// once move each entry exactly once.
import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Decision, ToolRequest } from '../../../common/domain.js';
import { rebuildAuditCounts } from '../../../main/core/store/counts.js';
import { ftsIndexer } from '../../../main/core/store/fts-index.js';
import { exportAudit, openStore, StoreConflictError, type OpenStore } from '../../../main/core/store/index.js';
import { BUILT, runCli } from '../cli/run-cli.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 10 ms for up to 5 s (timers run late on a loaded machine). */
async function eventually(done: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (done()) return true;
    await sleep(10);
  }
  return done();
}

function fresh(): { path: string; store: OpenStore } {
  const t = tempStore();
  cleanups.push(t.cleanup);
  return t;
}

/** Runs `fn` on a second, plain connection to the file (what sqlite3 or another process sees). */
function raw<T>(path: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Seqs in the inbox and in the audit, as another process reading the file sees them. */
const tables = (path: string) =>
  raw(path, (db) => ({
    inbox: db.prepare('SELECT seq FROM audit_inbox ORDER BY seq').pluck().all() as number[],
    audit: db.prepare('SELECT seq FROM audit ORDER BY seq').pluck().all() as number[],
  }));

/** The stored dashboard counters, and the ones rebuilt from the entries (in a rolled-back transaction). */
function counters(path: string): { kept: unknown[]; rebuilt: unknown[] } {
  return raw(path, (db) => {
    const all = () => db.prepare('SELECT hour, kind, key, outcome, n FROM audit_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4').all();
    const kept = all();
    db.exec('BEGIN');
    rebuildAuditCounts(db);
    const rebuilt = all();
    db.exec('ROLLBACK');
    return { kept, rebuilt };
  });
}

/** The recorded last decision number and every entry's number, in seq order. */
const decisionNumbers = (path: string) =>
  raw(path, (db) => ({
    last: Number(db.prepare("SELECT value FROM audit_meta WHERE key = 'decision_seq'").pluck().get()),
    numbers: db.prepare('SELECT decision_seq FROM audit WHERE decision_seq IS NOT NULL ORDER BY decision_seq').pluck().all() as number[],
  }));

const byRule = (rule = 'R1'): Decision => approved({ decided_by: 'rule', rule_id: rule, latency_ms: 1 });

/** A decided-at-once entry, still in the inbox when this returns. */
function decided(store: OpenStore, overrides: Partial<ToolRequest> = {}): ToolRequest {
  const r = request(overrides);
  store.insertDecided(r, verdict('allow', ['rule R1 allows it']), byRule());
  return r;
}

describe('audit inbox', () => {
  it('has the audit table\'s columns and no index of its own', () => {
    const { path } = fresh();
    raw(path, (db) => {
      const columns = (table: string) => db.prepare(`SELECT name, type FROM pragma_table_info('${table}') ORDER BY cid`).all();
      expect(columns('audit_inbox')).toEqual(columns('audit'));
      expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_inbox'").all()).toEqual([]);
    });
  });

  it('writes a decided request to the inbox only, and the store\'s every read sees it at once', async () => {
    const { path, store } = fresh();
    const rule = store.createRule({ action: 'allow', pattern: 'Bash(terraform plan)' });
    const pendingOne = request();
    store.insertRequest(pendingOne, verdict());
    /** A new decided entry (asserted to be in the inbox, not the audit), then `read`'s answer, which must have moved it. */
    const check = async <T>(read: (r: ToolRequest) => T | Promise<T>): Promise<T> => {
      const r = request({ args: { command: 'terraform plan' } });
      store.insertDecided(r, verdict('allow'), approved({ decided_by: 'rule', rule_id: rule.id }));
      const seq = tables(path).inbox.at(-1)!;
      expect(tables(path).audit).not.toContain(seq);
      const answer = await read(r);
      expect(tables(path)).toMatchObject({ inbox: [] });
      expect(tables(path).audit).toContain(seq);
      return answer;
    };
    const failure = (fn: () => unknown): unknown => {
      try {
        return fn();
      } catch (err) {
        return err;
      }
    };

    expect(await check((r) => store.getRecord(r.id))).toMatchObject({ status: 'approved', decision: { decided_by: 'rule', rule_id: rule.id } });
    expect(await check((r) => store.getAuditEntry(r.id)?.status)).toBe('approved');
    expect(await check(() => store.listPending().map((p) => p.request.id))).toEqual([pendingOne.id]);
    expect(await check((r) => store.queryAudit({ limit: 1 }).entries[0]?.id === r.id)).toBe(true);
    expect(await check((r) => store.queryAudit({ q: 'terraform', tool_name: 'Bash' }).entries[0]?.id === r.id)).toBe(true);
    expect(await check((r) => [...store.iterateAudit({})].at(-1)?.id === r.id)).toBe(true);
    expect(await check((r) => [...store.iterateAuditSelect({}, 'a.seq, a.id')].flat().at(-1)?.[1] === r.id)).toBe(true);
    expect(await check(() => store.auditStats({}).top_rules)).toEqual([expect.objectContaining({ rule_id: rule.id, count: 8 })]);
    expect(await check(() => store.verifyAudit())).toEqual({ ok: true, checked: 10, cut_point: null });
    expect(await check((r) => failure(() => store.recordDecision(r.id, approved())))).toMatchObject({ message: expect.stringMatching(/no longer pending/) });
    expect(await check(() => store.cancelAllPending('test'))).toBe(1);
    const exported = await check(async (r) => {
      let text = '';
      const sink = new Writable({ write: (chunk: Buffer, _enc, cb) => void ((text += chunk.toString()), cb()) });
      await exportAudit(store, {}, 'ndjson', sink);
      return (JSON.parse(text.trim().split('\n').at(-1)!) as { id: string }).id === r.id;
    });
    expect(exported).toBe(true);
    store.updateSettings({ retention_max_entries: 5 });
    expect(await check(() => store.pruneAudit(new Date()))).toBe(9);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 5 });
    expect(counters(path).kept).toEqual(counters(path).rebuilt);
  });

  it('settles what a crashed process left in the inbox when the next one opens, chain and numbering intact', () => {
    const { path, store } = fresh();
    for (let i = 0; i < 5; i++) decided(store);
    store.insertRequest(request(), verdict());
    decided(store);
    // The first store is dropped without closing (its process died): seven entries, six of them in the inbox.
    expect(tables(path)).toEqual({ inbox: [1, 2, 3, 4, 5, 7], audit: [6] });
    const next = openStore(path);
    cleanups.push(() => next.close());
    expect(tables(path)).toEqual({ inbox: [], audit: [1, 2, 3, 4, 5, 6, 7] });
    decided(next);
    next.recordDecision(next.listPending()[0]!.request.id, approved());
    expect(next.verifyAudit()).toEqual({ ok: true, checked: 8, cut_point: null });
    expect(decisionNumbers(path)).toEqual({ last: 8, numbers: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(counters(path).kept).toEqual(counters(path).rebuilt);
    expect(next.queryAudit({ q: 'git' }).entries).toHaveLength(8);
  });

  it('keeps counters and decision numbers exact, with pending entries written to the audit between inbox rows', () => {
    const { path, store } = fresh();
    const held: string[] = [];
    for (let i = 0; i < 60; i++) {
      const r = request({ tool_name: ['Bash', 'Read', 'Edit'][i % 3]!, received_at: new Date(Date.parse('2026-06-01T00:00:00Z') + i * 600_000).toISOString() });
      if (i % 4 === 1) {
        store.insertRequest(r, verdict());
        held.push(r.id);
      } else {
        store.insertDecided(r, verdict(i % 5 === 0 ? 'deny' : 'allow'), i % 5 === 0 ? approved({ status: 'denied', decided_by: 'policy' }) : byRule(`R${i % 3}`));
      }
      // Now and then a person decides a waiting one (which settles the inbox first); the rest wait.
      if (i % 9 === 8) store.recordDecision(held.shift()!, approved({ latency_ms: 100 + i }));
    }
    // Nothing depends on rows reaching the audit in seq order: later pending entries are there before earlier inbox rows.
    const before = tables(path);
    expect(Math.min(...before.inbox)).toBeLessThan(Math.max(...before.audit));
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 60, cut_point: null });
    for (const id of held) store.recordDecision(id, approved({ status: 'denied', latency_ms: 7 }));
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 60, cut_point: null });
    expect(decisionNumbers(path)).toEqual({ last: 60, numbers: Array.from({ length: 60 }, (_, i) => i + 1) });
    expect(counters(path).kept).toEqual(counters(path).rebuilt);
    const stats = store.auditStats({});
    expect(stats.top_tools.map((t) => t.count)).toEqual([20, 20, 20]);
  });

  it('indexes for search an entry that settles after a later pending entry was indexed (by another process)', () => {
    const { path, store } = fresh();
    const early = decided(store, { args: { command: 'kubectl apply -f early.yaml' } });
    store.insertRequest(request({ args: { command: 'kubectl apply -f late.yaml' } }), verdict());
    // Another connection's search-index flush: it sees the pending entry (seq 2) only, and moves the mark past seq 1.
    raw(path, (db) => ftsIndexer(db).flush());
    expect(raw(path, (db) => db.prepare('SELECT rowid FROM audit_fts').pluck().all())).toEqual([2]);
    expect(store.queryAudit({ q: 'early.yaml' }).entries.map((e) => e.id)).toEqual([early.id]);
    const matches = raw(path, (db) => db.prepare("SELECT rowid FROM audit_fts WHERE audit_fts MATCH 'kubectl' ORDER BY rowid").pluck().all());
    expect(matches).toEqual([1, 2]); // each indexed once
  });

  it('refuses a duplicate id whether the first entry is in the inbox or the audit', () => {
    const { path, store } = fresh();
    const refused = /request .* is already recorded/;
    const a = decided(store);
    expect(() => store.insertDecided(a, verdict('allow'), byRule())).toThrow(StoreConflictError);
    expect(tables(path)).toEqual({ inbox: [1], audit: [] });
    // (The write after a refused one re-reads the chain's tail, settling the inbox first.)
    const b = decided(store);
    expect(() => store.insertRequest(b, verdict())).toThrow(refused);
    expect(tables(path)).toEqual({ inbox: [2], audit: [1] });
    const pending = request();
    store.insertRequest(pending, verdict());
    expect(() => store.insertDecided(pending, verdict('allow'), byRule())).toThrow(refused);
    expect(() => store.insertDecided(a, verdict('allow'), byRule())).toThrow(refused);
    expect(() => store.insertRequest(b, verdict())).toThrow(refused);
    // The refused writes took no seq and no decision number.
    decided(store);
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 4, cut_point: null });
    expect(decisionNumbers(path)).toEqual({ last: 3, numbers: [1, 2, 3] });
  });

  it('bounds the inbox under writes that never pause (a bulk load): it settles inline', () => {
    const { path, store } = fresh();
    for (let i = 0; i < 450; i++) decided(store);
    expect(tables(path).inbox.length).toBeLessThanOrEqual(200);
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 450, cut_point: null });
  });

  it('settles in the pause after writes, without any read, and at most 100 ms behind a steady stream', async () => {
    const { path, store } = fresh();
    for (let i = 0; i < 10; i++) decided(store);
    expect(tables(path).inbox).toHaveLength(10);
    expect(await eventually(() => tables(path).inbox.length === 0)).toBe(true);
    expect(tables(path).audit).toHaveLength(10);
    // A write every 5 ms for 600 ms: never quiet for 50 ms, yet the audit fills while the stream goes on.
    const start = Date.now();
    let moved = false;
    while (Date.now() - start < 600) {
      decided(store);
      await sleep(5);
      moved ||= tables(path).audit.length > 10;
    }
    expect(moved).toBe(true);
    expect(await eventually(() => tables(path).inbox.length === 0)).toBe(true);
    expect(raw(path, (db) => db.prepare("SELECT count(*) FROM audit_fts WHERE audit_fts MATCH 'git'").pluck().get())).toBe(tables(path).audit.length);
  });

  it.skipIf(!BUILT)('a CLI process reading while the server writes settles with it: every entry once, a chain that verifies', async () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    const { path, store } = t;
    const home = path.slice(0, path.lastIndexOf('/'));
    let writing = true;
    const writer = (async () => {
      for (let burst = 0; burst < 60; burst++) {
        for (let i = 0; i < 10; i++) decided(store);
        if (burst % 5 === 0) store.insertRequest(request(), verdict());
        await sleep(10);
      }
      writing = false;
    })();
    const runs: string[] = [];
    while (writing) {
      const verify = await runCli(['audit', 'verify'], { env: { GATEHOUSE_HOME: home } });
      expect(verify.stderr).toBe('');
      runs.push(verify.stdout);
    }
    await writer;
    expect(runs.length).toBeGreaterThan(0);
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 612, cut_point: null });
    expect(tables(path)).toMatchObject({ inbox: [] });
    expect(decisionNumbers(path)).toEqual({ last: 600, numbers: Array.from({ length: 600 }, (_, i) => i + 1) });
    expect(counters(path).kept).toEqual(counters(path).rebuilt);
  });
});
