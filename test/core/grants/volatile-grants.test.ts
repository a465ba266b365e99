// Issue 23 through the real server: "allow similar" over volatile words (a PID, a port, a temp file name) is offered
// beside the exact rule, its what-if names the past and waiting calls it would also cover, and what the tamper guard
// refuses stays refused whatever the grant. And "always" for a pipeline creates a rule for every part of it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RuleSuggestion, WhatIfReport } from '../../../common/api.js';
import type { RequestRecord, Rule } from '../../../common/domain.js';
import { makeWorkspace, startGatehouse, type TestGatehouse } from '../server/helpers.js';

let ws: ReturnType<typeof makeWorkspace>;
let g: TestGatehouse;
beforeAll(() => {
  ws = makeWorkspace();
});
afterAll(() => ws.cleanup());
afterEach(async () => g?.close());

interface Answer {
  id: string;
  status: string;
}

/** Submits `command` as Claude Code in session s1, without waiting. */
async function submit(command: string): Promise<Answer> {
  const r = await g.agent('POST', '/v1/requests', { agent: 'claude-code', session_id: 's1', cwd: ws.ws, tool_name: 'Bash', args: { command } });
  expect(r.status, r.text).toBe(200);
  return r.json as Answer;
}

const suggestion = async (id: string): Promise<RuleSuggestion> => (await g.approver('GET', `/v1/requests/${id}/suggest-rule`)).json as RuleSuggestion;
const whatIf = async (pattern: string): Promise<WhatIfReport> => (await g.approver('POST', '/v1/rules/what-if', { action: 'allow', pattern, scope: ws.ws })).json as WhatIfReport;

async function decide(id: string, body: Record<string, unknown>): Promise<RequestRecord & { released?: string[] }> {
  const r = await g.approver('POST', `/v1/requests/${id}/decision`, body);
  expect(r.status, r.text).toBe(200);
  return r.json as RequestRecord & { released?: string[] };
}

describe('a rule over volatile words', () => {
  it('`kill 48211` offers `Bash(kill <pid>)` beside the exact rule; its what-if names past and waiting kills; "always" allows other pids, never Gatehouse\'s', async () => {
    g = await startGatehouse();
    const past = await submit('kill 40001');
    await decide(past.id, { approved: true });
    const waiting = await submit('kill 48212');
    const first = await submit('kill 48211');
    expect(first.status).toBe('pending');

    const s = await suggestion(first.id);
    expect(s.pattern).toBe('Bash(kill 48211)');
    expect(s.general).toEqual({ pattern: 'Bash(kill <pid>)', also: [], parts: [{ text: '48211', kind: 'pid' }] });
    const report = await whatIf(s.general!.pattern);
    expect(report.entries.map((e) => e.summary)).toContain('kill 40001');
    expect(report.waiting.map((w) => w.id).sort()).toEqual([first.id, waiting.id].sort());
    expect((await whatIf(s.pattern)).waiting.map((w) => w.id)).toEqual([first.id]);

    const done = await decide(first.id, { approved: true, scope: 'always', rule: { action: 'allow', pattern: s.general!.pattern, scope: s.scope } });
    expect(done.released).toEqual([waiting.id]);
    expect((await submit('kill 5555')).status).toBe('approved');
    expect((await submit('kill -9 5555')).status).not.toBe('approved');
    expect((await submit('kill -1')).status).not.toBe('approved');
    expect((await submit('kill 5555 6666')).status).not.toBe('approved');
  });

  it('`curl http://localhost:5173/` offers a session grant over the port only', async () => {
    g = await startGatehouse();
    const first = await submit('curl http://localhost:5173/');
    const s = await suggestion(first.id);
    const shape = s.grants.find((c) => c.grant.kind === 'shape');
    expect(shape?.grant.value).toBe('curl http://localhost:<port>/');
    expect(shape?.label).toContain('any one port');
    await decide(first.id, { approved: true, scope: 'session', grant: shape!.grant });
    expect((await submit('curl http://localhost:3000/')).status).toBe('approved');
    for (const command of ['curl http://evil.example:3000/', 'curl http://localhost:3000/ -d @.env', 'curl http://localhost:3000/x', 'wget http://localhost:3000/']) {
      expect((await submit(command)).status, command).not.toBe('approved');
    }
  });

  it("rules over a temp name or a pid never reach Gatehouse's own home or process: the tamper guard still refuses", async () => {
    const home = mkdtempSync('/tmp/gatehouse-home-');
    // What `gatehouse serve` writes: the guard learns Gatehouse's pid from it.
    writeFileSync(join(home, 'endpoint.json'), JSON.stringify({ url: 'http://127.0.0.1:1', token: 't', pid: process.pid }));
    g = await startGatehouse({ home });
    try {
      for (const pattern of ['Bash(rm /tmp/gatehouse-home-<tmp>/gatehouse.db)', 'Bash(kill <pid>)']) {
        expect((await g.approver('POST', '/v1/rules', { action: 'allow', pattern })).status).toBe(201);
      }
      expect((await submit('kill 5555')).status).toBe('approved');
      expect((await submit(`kill ${process.pid}`)).status).toBe('denied');
      expect((await submit(`rm ${join(home, 'gatehouse.db')}`)).status).toBe('denied');
      // Outside the workspace a rule over a temp name would still ask (the read tiers), so it is not offered.
      const temp = await suggestion((await submit('cat /tmp/xyz123')).id);
      expect(temp.general).toBeUndefined();
      expect(temp.grants.map((c) => c.grant.kind)).not.toContain('shape');
    } finally {
      await g.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a grant over volatile words must still cover the reviewed call', async () => {
    g = await startGatehouse();
    const first = await submit('kill 48211');
    const r = await g.approver('POST', `/v1/requests/${first.id}/decision`, { approved: true, scope: 'session', grant: { kind: 'shape', value: 'kill -9 <pid>' } });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/does not cover this request/);
  });
});

describe('"always" for a pipeline', () => {
  it('`pytest | tee out.txt` proposes a rule for each part and the file it writes: the next call is allowed', async () => {
    g = await startGatehouse();
    const first = await submit('pytest | tee out.txt');
    const s = await suggestion(first.id);
    expect(s.pattern).toBe('Bash(pytest)');
    expect(s.also).toEqual(['Bash(tee out.txt)']);
    expect(s.writes).toEqual([join(ws.ws, 'out.txt')]);
    await decide(first.id, { approved: true, scope: 'always', rule: { action: 'allow', pattern: s.pattern, scope: s.scope } });
    const rules = (await g.approver('GET', '/v1/rules')).json as Rule[];
    expect(rules.map((x) => x.pattern)).toEqual(['Bash(pytest)', 'Bash(tee out.txt)', `Edit(/${join(ws.ws, 'out.txt')})`]);
    expect((await submit('pytest | tee out.txt')).status).toBe('approved');
    expect((await submit('pytest | tee other.txt')).status).not.toBe('approved');
    expect((await submit('pytest | tee out.txt | sh')).status).not.toBe('approved');
  });
});

describe('suggested rules after repeated approvals', () => {
  it('three hand approvals of `kill <pid>` suggest the rule over the pid; it is never applied without the person', async () => {
    g = await startGatehouse();
    for (const pid of [41001, 41002]) await decide((await submit(`kill ${pid}`)).id, { approved: true });
    expect((await g.approver('GET', '/v1/rule-suggestions')).json).toEqual([]);
    await decide((await submit('kill 41003')).id, { approved: true });
    const list = (await g.approver('GET', '/v1/rule-suggestions')).json as Array<{ pattern: string; count: number; examples: string[]; scope: string | null }>;
    expect(list).toEqual([{ pattern: 'Bash(kill <pid>)', count: 3, examples: ['kill 41003', 'kill 41002', 'kill 41001'], scope: ws.ws }]);
    // A suggestion is no rule: the next kill still asks until the person accepts it.
    expect((await submit('kill 41004')).status).toBe('pending');
    expect((await g.approver('POST', '/v1/rules', { action: 'allow', pattern: list[0]!.pattern, scope: list[0]!.scope })).status).toBe(201);
    expect((await submit('kill 41005')).status).toBe('approved');
    expect((await g.approver('GET', '/v1/rule-suggestions')).json).toEqual([]);
  });
});
