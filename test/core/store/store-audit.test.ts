import Database from 'better-sqlite3';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StoreConflictError, StoreInputError, StoreNotFoundError, StoreVersionError } from '../../../main/core/store/index.js';
import { MIGRATIONS } from '../../../main/core/store/migrations.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});
function fresh() {
  const t = tempStore();
  cleanups.push(t.cleanup);
  return t;
}

describe('migrations', () => {
  it('creates a fresh database in WAL mode at the current schema, readable by this user only', () => {
    const { path, store } = fresh();
    store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('re-opens an existing database without losing anything', () => {
    const { path, store } = fresh();
    const r = request();
    store.insertRequest(r, verdict());
    store.createRule({ action: 'allow', pattern: 'Bash(git status)' });
    store.close();
    const again = openStore(path);
    expect(again.getRecord(r.id)?.status).toBe('pending');
    expect(again.listRules()).toHaveLength(1);
    again.close();
  });

  it('refuses a database from a newer Gatehouse and leaves it untouched', () => {
    const { dir } = fresh();
    const path = join(dir, 'future.db');
    const db = new Database(path);
    db.exec('CREATE TABLE keep (x)');
    db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    db.close();
    const before = statSync(path).mtimeMs;
    expect(() => openStore(path)).toThrow(StoreVersionError);
    expect(() => openStore(path)).toThrow(/newer Gatehouse/);
    expect(statSync(path).mtimeMs).toBe(before);
    expect(existsSync(`${path}-wal`)).toBe(false);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('refuses a file that is not a database with a clear message', () => {
    const { dir } = fresh();
    const path = join(dir, 'junk.db');
    writeFileSync(path, 'this is not sqlite, just text that is long enough to have a header'.repeat(20));
    expect(() => openStore(path)).toThrow(/not a Gatehouse database/);
  });
});

describe('requests and decisions', () => {
  it('records a request as pending at once, then exactly one decision', () => {
    const { store } = fresh();
    const r = request();
    const entry = store.insertRequest(r, verdict());
    expect(entry.status).toBe('pending');
    expect(store.listPending().map((p) => p.request.id)).toEqual([r.id]);

    const decided = store.recordDecision(r.id, approved({ reason: 'looks fine', scope: 'once' }));
    expect(decided.status).toBe('approved');
    expect(decided.decided_by).toBe('user');
    expect(decided.hash).toBe(entry.hash);
    expect(store.listPending()).toEqual([]);

    const record = store.getRecord(r.id);
    expect(record?.decision).toMatchObject({ status: 'approved', decided_by: 'user', reason: 'looks fine', scope: 'once', latency_ms: 500 });

    expect(() => store.recordDecision(r.id, approved({ status: 'denied' }))).toThrow(StoreConflictError);
    expect(store.getRecord(r.id)?.status).toBe('approved');
  });

  it('keeps status pending when the verdict was already final, until the broker records the decision', () => {
    const { store } = fresh();
    const r = request();
    store.insertRequest(r, { ...verdict('allow', ['allowed by rule Bash(git status)']), matched_rule: 'R1' });
    expect(store.getRecord(r.id)?.status).toBe('pending');
    store.recordDecision(r.id, approved({ decided_by: 'rule', rule_id: 'R1', latency_ms: 0 }));
    expect(store.getAuditEntry(r.id)).toMatchObject({ status: 'approved', decided_by: 'rule', rule_id: 'R1' });
  });

  it('answers unknown ids with StoreNotFoundError and null', () => {
    const { store } = fresh();
    expect(() => store.recordDecision('nope', approved())).toThrow(StoreNotFoundError);
    expect(store.getRecord('nope')).toBeNull();
    expect(store.getAuditEntry('nope')).toBeNull();
  });

  it('refuses a second request with the same id as a conflict, keeping the first', () => {
    const { store } = fresh();
    const r = request();
    store.insertRequest(r, verdict());
    expect(() => store.insertRequest({ ...r, tool_name: 'Write' }, verdict())).toThrow(StoreConflictError);
    expect(store.getRecord(r.id)?.request.tool_name).toBe('Bash');
  });

  it.each([
    ['a missing tool name', { tool_name: '' }],
    ['args that are not an object', { args: ['rm', '-rf'] as unknown as Record<string, unknown> }],
    ['a bad received_at', { received_at: 'yesterday' }],
    ['a NUL byte in cwd', { cwd: '/work/\0app' }],
  ])('refuses %s with StoreInputError and records nothing', (_name, bad) => {
    const { store } = fresh();
    expect(() => store.insertRequest(request(bad), verdict())).toThrow(StoreInputError);
    expect(store.queryAudit({}).entries).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'maybe' }],
    ['a negative latency', { latency_ms: -1 }],
    ['an unknown decider', { decided_by: 'robot' }],
  ])('refuses a decision with %s and leaves the request pending', (_name, bad) => {
    const { store } = fresh();
    const r = request();
    store.insertRequest(r, verdict());
    expect(() => store.recordDecision(r.id, approved(bad as never))).toThrow(StoreInputError);
    expect(store.getRecord(r.id)?.status).toBe('pending');
  });

  it('stores only redacted args: the record, the summary and the payload carry no secret', () => {
    const { store } = fresh();
    const secret = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';
    const r = request({ args: { command: `git push https://me:${secret}@github.com/x/y`, env: { GITHUB_TOKEN: secret } }, payload: `Bash:${secret}` });
    store.insertRequest(r, verdict('ask', [`command mentions ${secret}`]));
    const record = store.getRecord(r.id)!;
    const json = JSON.stringify(record);
    expect(json).not.toContain(secret);
    expect(record.request.args.env).toEqual({ GITHUB_TOKEN: '[REDACTED]' });
    expect(store.getAuditEntry(r.id)?.summary).toMatch(/^git push https:\/\/\[REDACTED/);
  });

  it('redacts edited args of an edit-and-approve decision', () => {
    const { store } = fresh();
    const r = request();
    store.insertRequest(r, verdict());
    store.recordDecision(r.id, approved({ updated_args: { command: 'deploy', api_key: 'abc123' } }));
    expect(store.getAuditEntry(r.id)?.updated_args).toEqual({ command: 'deploy', api_key: '[REDACTED]' });
  });

  it('cancels every pending request (shutdown) and leaves decided ones alone', () => {
    const { store } = fresh();
    const a = request();
    const b = request();
    const c = request();
    for (const r of [a, b, c]) store.insertRequest(r, verdict());
    store.recordDecision(b.id, approved());
    expect(store.cancelAllPending('Gatehouse shut down')).toBe(2);
    expect(store.getRecord(a.id)?.decision).toMatchObject({ status: 'cancelled', decided_by: 'shutdown', reason: 'Gatehouse shut down' });
    expect(store.getRecord(b.id)?.status).toBe('approved');
    expect(store.listPending()).toEqual([]);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 3 });
  });

  it('returns the rule an "always" decision created', () => {
    const { store } = fresh();
    const r = request();
    store.insertRequest(r, verdict());
    const rule = store.createRule({ action: 'allow', pattern: 'Bash(git status)' });
    store.recordDecision(r.id, approved({ scope: 'always', created_rule: rule }));
    expect(store.getRecord(r.id)?.decision?.created_rule?.id).toBe(rule.id);
  });
});

describe('settings', () => {
  it('starts from the defaults and validates every change', () => {
    const { path, store } = fresh();
    expect(store.getSettings()).toEqual({
      mode: 'interactive', timeout_seconds: 300, timeout_outcome: 'no-decision', session_ttl_seconds: 0, retention_days: null, retention_max_entries: null,
      snapshot_retention_days: 30, snapshot_max_mb: 2048, contain_unvouched: false,
    });
    expect(store.updateSettings({ contain_unvouched: true }).contain_unvouched).toBe(true);
    expect(() => store.updateSettings({ contain_unvouched: 'yes' as never })).toThrow(StoreInputError);
    expect(store.updateSettings({ mode: 'strict', retention_days: 30 })).toMatchObject({ mode: 'strict', retention_days: 30 });
    expect(() => store.updateSettings({ mode: 'yolo' as never })).toThrow(StoreInputError);
    expect(() => store.updateSettings({ timeout_seconds: -5 })).toThrow(StoreInputError);
    expect(() => store.updateSettings({ colour: 'red' } as never)).toThrow(/unknown setting/);
    store.close();
    const again = openStore(path);
    expect(again.getSettings().mode).toBe('strict');
    again.close();
  });
});
