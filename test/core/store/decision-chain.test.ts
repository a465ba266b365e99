// Decisions are part of the chain: clearing one, deleting a decided entry, or clearing the newest decision is reported;
// a schema-1 database is upgraded with its decisions numbered and its tampering still visible.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Decision } from '../../../common/domain.js';
import { openStore } from '../../../main/core/store/index.js';
import { MIGRATIONS } from '../../../main/core/store/migrations.js';
import { canonicalJson } from '../../../main/core/store/canonical.js';
import { GENESIS_HASH, legacyDecisionHash, requestHash } from '../../../main/core/store/chain.js';
import type { AuditRow } from '../../../main/core/store/audit-row.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

/** A store with n entries, all decided (every third by a person), and their ids. */
function decided(n: number) {
  const t = tempStore();
  cleanups.push(t.cleanup);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = request({ args: { command: `echo ${i}` } });
    const d: Decision = i % 3 === 0 ? approved() : approved({ decided_by: 'rule', rule_id: 'R1' });
    if (i % 2 === 0) t.store.insertDecided(r, verdict('allow'), d);
    else {
      t.store.insertRequest(r, verdict());
      t.store.recordDecision(r.id, d);
    }
    ids.push(r.id);
  }
  return { ...t, ids };
}

function tamper(path: string, sql: string) {
  const db = new Database(path);
  db.exec(sql);
  db.close();
}

/** Replaces the fixture's fresh database with nothing, so a schema-1 one can be written in its place. */
function emptied(path: string): void {
  for (const f of ['', '-wal', '-shm']) rmSync(`${path}${f}`, { force: true });
}

const CLEAR = `status = 'pending', decided_by = NULL, decided_at = NULL, rule_id = NULL, reason = NULL, scope = NULL,
  updated_args_json = NULL, created_rule_id = NULL, latency_ms = NULL, decision_hash = NULL, decision_seq = NULL`;

describe('decision chain', () => {
  it('verifies entries written decided at once and decided later alike', () => {
    const { store } = decided(9);
    expect(store.verifyAudit()).toEqual({ ok: true, checked: 9, cut_point: null });
  });

  it('reports a decision cleared back to pending (the hole the old chain let through)', () => {
    const { store, path, ids } = decided(6);
    tamper(path, `UPDATE audit SET ${CLEAR} WHERE seq = 3`);
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 3, first_bad_id: ids[2], problem: 'altered' });
  });

  it('reports the newest decision cleared', () => {
    const { store, path, ids } = decided(4);
    tamper(path, `UPDATE audit SET ${CLEAR} WHERE seq = 4`);
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 4, first_bad_id: ids[3], problem: 'altered' });
  });

  it('reports a deleted decided entry as missing', () => {
    const { store, path } = decided(6);
    tamper(path, 'DELETE FROM audit WHERE seq = 4');
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 4, first_bad_id: null, problem: 'missing' });
  });

  it('reports a decision number edited or duplicated', () => {
    const { store, path } = decided(6);
    tamper(path, 'UPDATE audit SET decision_seq = 2 WHERE seq = 5');
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 5, problem: 'altered' });
  });

  it('keeps verifying after pruning, and still catches a cleared decision among the survivors', () => {
    const { store, path, ids } = decided(30);
    store.updateSettings({ retention_max_entries: 10 });
    expect(store.pruneAudit(new Date())).toBe(20);
    for (let i = 0; i < 3; i++) store.insertDecided(request(), verdict('allow'), approved({ decided_by: 'rule' }));
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 13 });
    tamper(path, `UPDATE audit SET ${CLEAR} WHERE seq = 25`);
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 25, first_bad_id: ids[24], problem: 'altered' });
  });
});

describe('upgrade from schema 1', () => {
  /** A schema-1 database written the way the first release did (decision seals without numbers). */
  function schema1(path: string, tamperSeq?: number): string[] {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    MIGRATIONS[0]!(db);
    db.pragma('user_version = 1');
    const insert = db.prepare(`INSERT INTO audit (seq, id, received_at, agent, session_id, cwd, tool_name, args_json, description, summary,
      presentation_json, group_id, payload, verdict_json, status, decided_by, decided_at, rule_id, reason, scope, updated_args_json,
      created_rule_id, latency_ms, prev_hash, hash, decision_hash) VALUES (@seq, @id, @received_at, @agent, @session_id, @cwd, @tool_name,
      @args_json, @description, @summary, @presentation_json, @group_id, @payload, @verdict_json, @status, @decided_by, @decided_at, @rule_id,
      @reason, @scope, @updated_args_json, @created_rule_id, @latency_ms, @prev_hash, @hash, @decision_hash)`);
    const fts = db.prepare('INSERT INTO audit_fts (rowid, tool_name, summary, description, reasons) VALUES (?, ?, ?, ?, ?)');
    let prev = GENESIS_HASH;
    const ids: string[] = [];
    for (let seq = 1; seq <= 5; seq++) {
      const r = request({ args: { command: `echo ${seq}` } });
      const row = {
        seq, id: r.id, received_at: r.received_at, agent: r.agent, session_id: r.session_id, cwd: r.cwd, tool_name: r.tool_name,
        args_json: canonicalJson(r.args), description: null, summary: `echo ${seq}`, presentation_json: null, group_id: null,
        payload: r.payload, verdict_json: canonicalJson(verdict()), status: 'pending', decided_by: null, decided_at: null, rule_id: null,
        reason: null, scope: null, updated_args_json: null, created_rule_id: null, latency_ms: null, prev_hash: prev, hash: '',
        decision_hash: null, decision_seq: null,
      } as AuditRow;
      row.hash = requestHash(row);
      if (seq !== 5) {
        Object.assign(row, { status: 'approved', decided_by: 'user', decided_at: r.received_at, latency_ms: 5 });
        row.decision_hash = legacyDecisionHash(row);
        if (seq === tamperSeq) row.decided_by = 'rule'; // edited after it was sealed
      }
      insert.run(row);
      fts.run(seq, row.tool_name, row.summary, null, 'no rule matched');
      prev = row.hash;
      ids.push(r.id);
    }
    db.prepare("INSERT INTO sqlite_sequence (name, seq) SELECT 'audit', 5 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'audit')").run();
    db.close();
    return ids;
  }

  it('numbers and re-seals existing decisions, so the upgraded chain verifies and keeps working', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    t.store.close();
    emptied(t.path);
    const ids = schema1(t.path);
    const store = openStore(t.path);
    try {
      expect(store.verifyAudit()).toEqual({ ok: true, checked: 5, cut_point: null });
      store.recordDecision(ids[4]!, approved());
      expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 5 });
      expect(store.queryAudit({ q: 'echo' }).entries).toHaveLength(5);
      expect(store.auditStats({}).top_tools).toEqual([{ tool_name: 'Bash', count: 5 }]);
    } finally {
      store.close();
    }
  });

  it('still reports a decision that was edited before the upgrade', () => {
    const t = tempStore();
    cleanups.push(t.cleanup);
    t.store.close();
    emptied(t.path);
    const ids = schema1(t.path, 2);
    const store = openStore(t.path);
    try {
      expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 2, first_bad_id: ids[1], problem: 'altered' });
    } finally {
      store.close();
    }
  });
});
