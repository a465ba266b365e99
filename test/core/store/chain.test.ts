import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startRetention } from '../../../main/core/store/index.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

/** A store with n entries, every other one decided. */
function filled(n: number) {
  const t = tempStore();
  cleanups.push(t.cleanup);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = request({ args: { command: `echo ${i}` } });
    t.store.insertRequest(r, verdict());
    if (i % 2 === 0) t.store.recordDecision(r.id, approved());
    ids.push(r.id);
  }
  return { ...t, ids };
}

/** Tampering as an attacker with the file would: a second connection, raw SQL. */
function tamper(path: string, sql: string, ...params: unknown[]) {
  const db = new Database(path);
  db.prepare(sql).run(...params);
  db.close();
}

describe('audit hash chain', () => {
  it('checks out after inserts and decisions, including a still-pending tail', () => {
    const { store } = filled(7);
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 7, cut_point: null });
  });

  it('catches an edited request field', () => {
    const { store, path, ids } = filled(6);
    tamper(path, "UPDATE audit SET args_json = '{\"command\":\"echo harmless\"}' WHERE seq = 3");
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 3, first_bad_id: ids[2], problem: 'altered' });
  });

  it('catches an edited decision (denied rewritten as approved)', () => {
    const { store, path, ids } = filled(6);
    tamper(path, "UPDATE audit SET decided_by = 'rule' WHERE seq = 5");
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 5, first_bad_id: ids[4], problem: 'altered' });
  });

  it('catches a decision smuggled onto a pending entry', () => {
    const { store, path } = filled(6);
    tamper(path, "UPDATE audit SET status = 'approved', decided_by = 'user' WHERE seq = 2");
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 2, problem: 'altered' });
  });

  it('catches an edited entry whose own hash was recomputed, at that entry', () => {
    const { store, path, ids } = filled(6);
    // A different first character whatever the hash was (a hash starting with 'f' once made this a no-op, 1 run in 16).
    tamper(path, "UPDATE audit SET hash = (CASE WHEN substr(hash, 1, 1) = 'f' THEN '0' ELSE 'f' END) || substr(hash, 2) WHERE seq = 4");
    // Entry 4's own hash no longer matches its content.
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 4, first_bad_id: ids[3], problem: 'altered' });
  });

  it('catches a deleted entry in the middle as missing', () => {
    const { store, path } = filled(6);
    tamper(path, 'DELETE FROM audit WHERE seq = 3');
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 3, first_bad_id: null, problem: 'missing', checked: 2 });
  });

  it('catches deleted newest entries and a deleted first entry', () => {
    const a = filled(5);
    tamper(a.path, 'DELETE FROM audit WHERE seq >= 4');
    expect(a.store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 4, problem: 'missing' });
    const b = filled(5);
    tamper(b.path, 'DELETE FROM audit WHERE seq = 1');
    expect(b.store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 1, problem: 'missing' });
  });

  it('keeps chaining after a tail deletion so the gap stays visible', () => {
    const { store, path } = filled(4);
    tamper(path, 'DELETE FROM audit WHERE seq = 4');
    store.insertRequest(request(), verdict());
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 4, problem: 'missing' });
  });
});

describe('retention', () => {
  it('prunes by entry count from the oldest, records the cut point, and the chain still verifies', () => {
    const { store } = filled(30);
    for (const p of store.listPending()) store.recordDecision(p.request.id, approved());
    store.updateSettings({ retention_max_entries: 10 });
    expect(store.pruneAudit(new Date())).toBe(20);
    expect(store.queryAudit({ limit: 500 }).entries).toHaveLength(10);
    const report = store.verifyAudit();
    expect(report).toMatchObject({ ok: true, checked: 10 });
    expect(report.ok && report.cut_point).toMatch(/^20:[0-9a-f]{64}$/);
    // New entries chain on, and pruning again keeps it verifiable.
    for (let i = 0; i < 5; i++) store.recordDecision(store.insertRequest(request(), verdict()).id, approved());
    expect(store.pruneAudit(new Date())).toBe(5);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 10 });
  });

  it('prunes by age, in slices, and never past a pending entry', () => {
    const { store, ids } = filled(10); // received one second apart
    const r5 = store.getAuditEntry(ids[5]!)!;
    store.updateSettings({ retention_days: 1 });
    const now = new Date(Date.parse(r5.received_at) + 86_400_000 + 500); // entries 0..5 are older than a day
    // Entry index 1 is pending: pruning stops before it.
    expect(store.pruneAudit(now)).toBe(1);
    store.recordDecision(ids[1]!, approved());
    store.recordDecision(ids[3]!, approved());
    store.recordDecision(ids[5]!, approved());
    expect(store.pruneAudit(now, 2)).toBe(2);
    expect(store.pruneAudit(now)).toBe(3);
    expect(store.pruneAudit(now)).toBe(0);
    expect(store.queryAudit({}).entries.map((e) => e.seq).sort((a, b) => a - b)).toEqual([7, 8, 9, 10]);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 4 });
  });

  it('leaves the audit alone without retention settings, and drops pruned entries from the search index', () => {
    const { store, path } = filled(6);
    expect(store.pruneAudit(new Date('2100-01-01'))).toBe(0);
    store.updateSettings({ retention_max_entries: 1 });
    expect(store.pruneAudit(new Date())).toBe(1); // seq 2 is pending: pruning stops there
    expect(store.queryAudit({ q: 'echo' }).entries.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2]);
    const db = new Database(path, { readonly: true });
    const indexed = db.prepare("SELECT rowid FROM audit_fts WHERE audit_fts MATCH 'echo' ORDER BY rowid").pluck().all();
    db.close();
    expect(indexed).toEqual([2, 3, 4, 5, 6]);
  });

  it('catches tampering with the recorded cut point', () => {
    const { store, path } = filled(6);
    for (const p of store.listPending()) store.recordDecision(p.request.id, approved());
    store.updateSettings({ retention_max_entries: 3 });
    store.pruneAudit(new Date());
    tamper(path, "UPDATE audit_meta SET value = '1' WHERE key = 'cut_seq'");
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 2, problem: 'missing' });
  });

  it('prunes in the background in slices, yielding between them, until the limit holds', async () => {
    const { store } = filled(1300);
    for (const p of store.listPending()) store.recordDecision(p.request.id, approved());
    store.updateSettings({ retention_max_entries: 100 });
    const slices: number[] = [];
    const spy = { pruneAudit: (now: Date, max?: number) => { const n = store.pruneAudit(now, max); slices.push(n); return n; } };
    const stop = startRetention(spy, 60_000, (err) => { throw err; });
    let ticks = 0;
    while (slices.at(-1) !== 200 && ticks++ < 100) await new Promise((r) => setTimeout(r, 5));
    stop();
    expect(slices).toEqual([500, 500, 200]);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 100 });
  });

  it('reports a failing retention run instead of swallowing it', async () => {
    const errors: unknown[] = [];
    const stop = startRetention({ pruneAudit: () => { throw new Error('disk full'); } }, 60_000, (err) => errors.push(err));
    await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('disk full');
  });
});
