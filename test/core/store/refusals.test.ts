// What the sandbox refused a contained run, on record: attached to the entry after it was sealed, shown with it,
// found by search, chained so an edit or a removal is caught, and pruned with its entry.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxRefusal } from '../../../common/domain.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

const at = '2026-03-01T10:00:30.000Z';
const refused: SandboxRefusal[] = [
  { kind: 'read', target: '/work/app/.env', at },
  { kind: 'write', target: '/home/u/outside.txt', at, detail: 'deny openat /home/u/outside.txt' },
  { kind: 'network', target: 'evil.example:443', at, detail: 'Gatehouse refused evil.example:443' },
];

/** A store with a contained call decided at once (it sits in the inbox) and a held one decided later. */
function contained() {
  const t = tempStore();
  cleanups.push(t.cleanup);
  const quick = request({ args: { command: './try.sh' } });
  t.store.insertDecided(quick, verdict('allow', ['rule: Bash(./try.sh), contained']), approved({ decided_by: 'rule' }));
  const held = request({ args: { command: 'make' } });
  t.store.insertRequest(held, verdict());
  t.store.recordDecision(held.id, approved());
  return { ...t, quick, held };
}

function tamper(path: string, sql: string) {
  const db = new Database(path);
  db.prepare(sql).run();
  db.close();
}

describe('sandbox refusals on the audit entry', () => {
  it('are attached to the entry of their call, in order, and the chain still verifies', () => {
    const { store, quick, held } = contained();
    expect(store.addRefusals(quick.id, refused)).toBe(3);
    expect(store.getAuditEntry(quick.id)?.refusals).toEqual(refused);
    expect(store.getAuditEntry(held.id)?.refusals).toBeUndefined();
    expect(store.verifyAudit()).toMatchObject({ ok: true });
  });

  it('are found by searching History', () => {
    const { store, quick } = contained();
    store.addRefusals(quick.id, refused);
    expect(store.queryAudit({ q: 'outside.txt' }).entries.map((e) => e.id)).toEqual([quick.id]);
    expect(store.queryAudit({ q: 'refused evil.example' }).entries.map((e) => e.id)).toEqual([quick.id]);
  });

  it('an entry already indexed is re-indexed with its refusals; a later reason keeps them searchable', () => {
    const { store, held } = contained();
    expect(store.queryAudit({ q: 'make' }).entries).toHaveLength(1); // indexed now
    store.addRefusals(held.id, [refused[1]!]);
    expect(store.queryAudit({ q: 'outside.txt' }).entries.map((e) => e.id)).toEqual([held.id]);
  });

  it('an edited or removed refusal breaks the chain at its entry', () => {
    const t = contained();
    t.store.addRefusals(t.quick.id, refused);
    const seq = t.store.getAuditEntry(t.quick.id)!.seq;
    tamper(t.path, "UPDATE audit_refusals SET target = '/home/u/harmless' WHERE kind = 'write'");
    expect(t.store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: seq, problem: 'altered' });
    const u = contained();
    u.store.addRefusals(u.quick.id, refused);
    tamper(u.path, "DELETE FROM audit_refusals WHERE kind = 'read'");
    expect(u.store.verifyAudit()).toMatchObject({ ok: false, problem: 'altered' });
  });

  it('an unknown request gets none, and a looping command cannot fill the database', () => {
    const { store, quick } = contained();
    expect(store.addRefusals('no-such-request', refused)).toBe(0);
    const many = Array.from({ length: 500 }, (_, i): SandboxRefusal => ({ kind: 'write', target: `/x/${i}`, at }));
    expect(store.addRefusals(quick.id, many)).toBe(200);
    expect(store.addRefusals(quick.id, many)).toBe(0);
  });

  it('are pruned with their entry, and what remains verifies', () => {
    const { store, quick } = contained();
    store.addRefusals(quick.id, refused);
    store.updateSettings({ retention_max_entries: 1 });
    expect(store.pruneAudit(new Date())).toBe(1);
    expect(store.getAuditEntry(quick.id)).toBeNull();
    expect(store.verifyAudit()).toMatchObject({ ok: true });
  });
});
