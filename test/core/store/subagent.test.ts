// The subagent a call was asked from, recorded on the request: stored, sealed in the chain, shown in the queue record,
// the history entry and the JSON export; entries without one keep their shape (and older entries their hashes).
import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { exportAudit } from '../../../main/core/store/index.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function filled() {
  const t = tempStore();
  cleanups.push(t.cleanup);
  const parent = request();
  const child = request({ args: { command: 'rm -rf build' }, subagent: { id: 'a1b2', type: 'general-purpose' } });
  t.store.insertRequest(parent, verdict());
  t.store.insertRequest(child, verdict());
  t.store.recordDecision(child.id, approved());
  return { ...t, parent, child };
}

describe('the subagent on a request', () => {
  it('is kept on the record and the history entry, and absent where there was none', () => {
    const { store, parent, child } = filled();
    expect(store.getRecord(child.id)?.request.subagent).toEqual({ id: 'a1b2', type: 'general-purpose' });
    expect(store.getAuditEntry(child.id)?.subagent).toEqual({ id: 'a1b2', type: 'general-purpose' });
    expect(store.getRecord(parent.id)?.request).not.toHaveProperty('subagent');
    expect(store.queryAudit({ limit: 10 }).entries.map((e) => e.subagent ?? null)).toEqual([{ id: 'a1b2', type: 'general-purpose' }, null]);
  });

  it('is sealed in the chain: rewriting which subagent asked is caught', () => {
    const { store, path } = filled();
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 2 });
    const db = new Database(path);
    db.prepare('UPDATE audit SET subagent_json = ? WHERE seq = 2').run('{"id":"someone-else"}');
    db.close();
    expect(store.verifyAudit()).toMatchObject({ ok: false, first_bad_seq: 2, problem: 'altered' });
  });

  it('is in the JSON export exactly as the history entry has it', async () => {
    const { store, child } = filled();
    let text = '';
    const out = new Writable({ write: (c, _e, cb) => ((text += String(c)), cb()) });
    await exportAudit(store, {}, 'json', out);
    const exported = JSON.parse(text) as unknown[];
    const entries = store.queryAudit({ limit: 10 }).entries.reverse();
    expect(exported).toEqual(JSON.parse(JSON.stringify(entries)));
    expect(JSON.stringify(exported[1])).toBe(JSON.stringify(store.getAuditEntry(child.id)));
  });
});
