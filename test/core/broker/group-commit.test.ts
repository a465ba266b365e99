// Group commit: writes of one turn share a transaction, each is on record before its caller resumes, and one failing
// write rolls back only itself.
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../main/core/broker/group-commit.js';
import { approved, request, tempStore, verdict } from '../store/fixtures.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function setup() {
  const t = tempStore();
  cleanups.push(t.cleanup);
  let transactions = 0;
  const commits = new GroupCommit((fn) => {
    transactions++;
    return t.store.bulk(fn);
  });
  return { ...t, commits, transactions: () => transactions };
}

describe('GroupCommit', () => {
  it('commits the writes of one turn together, each on record when its promise resolves', async () => {
    const { store, commits, transactions } = setup();
    const requests = Array.from({ length: 20 }, () => request());
    const done = requests.map((r) => commits.write(() => store.insertDecided(r, verdict('allow'), approved({ decided_by: 'rule' }))));
    await Promise.all(done);
    // One outer transaction plus one savepoint per write.
    expect(transactions()).toBe(1 + requests.length);
    for (const r of requests) expect(store.getRecord(r.id)?.status).toBe('approved');
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 20 });
  });

  it('rolls back only the write that failed, leaving the chain whole', async () => {
    const { store, commits } = setup();
    const [a, b, c] = [request(), request(), request()];
    const first = commits.write(() => store.insertRequest(a, verdict()));
    const failing = commits.write(() => {
      store.insertRequest(b, verdict());
      throw new Error('policy exploded after writing');
    });
    const third = commits.write(() => store.insertRequest(c, verdict()));
    await expect(failing).rejects.toThrow('policy exploded');
    await Promise.all([first, third]);
    expect(store.getRecord(b.id)).toBeNull();
    expect([store.getRecord(a.id)?.status, store.getRecord(c.id)?.status]).toEqual(['pending', 'pending']);
    expect(store.verifyAudit()).toMatchObject({ ok: true, checked: 2 });
  });

  it('flush() commits what is queued at once (shutdown), and a failed commit rejects every write in it', async () => {
    const { store, commits } = setup();
    const r = request();
    const queued = commits.write(() => store.insertRequest(r, verdict()));
    commits.flush();
    expect(store.getRecord(r.id)?.status).toBe('pending');
    await queued;
    store.close();
    await expect(commits.write(() => store.insertRequest(request(), verdict()))).rejects.toThrow(/not open/);
  });
});
