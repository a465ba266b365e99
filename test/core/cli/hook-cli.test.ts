// The real `node bin/gatehouse.js hook claude-code` process: answers from a running Gatehouse, and prints nothing
// (exit 0) whenever Gatehouse is down, slow, or answers anything but a valid hook answer.
import { createServer, type Server } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { createInstanceKey } from '../../../main/core/endpoint/instance-key.js';
import { fixture, makeWorkspace, nextEvent, startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { BUILT, runCli } from './run-cli.js';

let ws: string;
let cleanupWs: () => void;
beforeAll(() => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
});
afterAll(() => cleanupWs());

const hookCli = (event: unknown, home: string, env: NodeJS.ProcessEnv = {}) =>
  runCli(['hook', 'claude-code'], { stdin: typeof event === 'string' ? event : JSON.stringify(event), env: { GATEHOUSE_HOME: home, ...env } });

describe.skipIf(!BUILT)('against a running Gatehouse', () => {
  let g: TestGatehouse;
  beforeAll(async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
  });
  afterAll(() => g.close());

  it('Bash allowed by a rule → prints the allow, exit 0', async () => {
    const r = await hookCli(fixture('pre-bash.json', ws), g.home);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
  });

  it('Read of a tracked file → allow (workspace tier)', async () => {
    const r = await hookCli(fixture('pre-read.json', ws), g.home);
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  });

  it('Write waits for the person; approval → allow', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const run = hookCli(fixture('pre-write.json', ws), g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true });
    const r = await run;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  });

  it('Edit denied by the person → deny with the reason', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const run = hookCli(fixture('pre-edit.json', ws), g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: false, reason: 'wrong constant' });
    expect(JSON.parse((await run).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('wrong constant') },
    });
  });

  it('PermissionRequest with edited args → updatedInput', async () => {
    const event = fixture('permission-edit.json', ws);
    const edited = { ...(event['tool_input'] as object), new_string: 'export const app = 3;' };
    const pending = nextEvent(g.core, 'request_pending');
    const run = hookCli(event, g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, updated_args: edited });
    expect(JSON.parse((await run).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: edited } },
    });
  });

  it('Read denied by a deny rule → deny', async () => {
    const rule = (await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Read(./README.md)' })).json as { id: string };
    const r = await hookCli(fixture('pre-read-offset.json', ws), g.home);
    expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining('Read(./README.md)') } });
    await g.approver('DELETE', `/v1/rules/${rule.id}`);
  });

  it('"always" on a PermissionRequest → updatedPermissions, and the next identical call is allowed without asking', async () => {
    const event = fixture('permission-bash.json', ws);
    const pending = nextEvent(g.core, 'request_pending');
    const run = hookCli(event, g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, scope: 'always' });
    expect(JSON.parse((await run).stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedPermissions: event['permission_suggestions'] } },
    });
    expect(JSON.parse((await hookCli(event, g.home)).stdout)).toMatchObject({ hookSpecificOutput: { decision: { behavior: 'allow' } } });
  });

  it('"session" → the same Write in the same session is allowed without asking', async () => {
    const event = { ...fixture('pre-write.json', ws), session_id: 'cli-session' };
    const pending = nextEvent(g.core, 'request_pending');
    const run = hookCli(event, g.home);
    const { record } = await pending;
    await g.approver('POST', `/v1/requests/${record.request.id}/decision`, { approved: true, scope: 'session' });
    expect(JSON.parse((await run).stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    expect(JSON.parse((await hookCli(event, g.home)).stdout)).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: expect.stringMatching(/session/) },
    });
  });

  it('the hook client gone (killed by Claude Code) cancels its pending request', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const decided = nextEvent(g.core, 'request_decided');
    const run = hookCli(fixture('pre-write.json', ws), g.home, { GATEHOUSE_HOOK_TIMEOUT: '0.5' });
    await pending;
    expect((await run).stdout).toBe('');
    expect((await decided).record).toMatchObject({ status: 'cancelled', decision: { reason: 'the agent stopped waiting' } });
  });

  it('loads one bundled file and Node built-ins: no database, HTTP framework, tree-sitter or policy module', async () => {
    const dir = tempDir('gatehouse-trace-');
    const trace = join(dir, 'trace.txt');
    try {
      const r = await runCli(['hook', 'claude-code'], {
        stdin: JSON.stringify(fixture('pre-bash.json', ws)),
        env: { GATEHOUSE_HOME: g.home, TRACE_FILE: trace },
        nodeArgs: ['--import', join(process.cwd(), 'test/core/cli/fixtures/trace-imports.mjs')],
      });
      expect(JSON.parse(r.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
      const loaded = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
      expect(loaded.some((u) => u.endsWith('/dist/hook.cjs'))).toBe(true);
      expect(loaded.filter((u) => !u.startsWith('node:') && !/\/(dist\/hook\.cjs|bin\/gatehouse\.js)$/.test(u))).toEqual([]);
      const heavy = loaded.filter((u) =>
        /better-sqlite3|fastify|typebox|tree-sitter|\/core\/policy\/|\/core\/shell\/|\/core\/server\/|\/core\/broker\/|\/store\/store\.js|\/store\/index\.js|\/core\/core\.js/.test(u),
      );
      expect(heavy).toEqual([]);
      // The bundle inlines what it imports: it may require Node built-ins only, and holds no policy or store code.
      const bundle = readFileSync(join(process.cwd(), 'dist', 'hook.cjs'), 'utf8');
      expect([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]).filter((m) => !m!.startsWith('node:'))).toEqual([]);
      expect(bundle).not.toMatch(/core\/(policy|shell|server|broker|store\/store)\//);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!BUILT)('when Gatehouse cannot answer, the hook prints nothing, says why in one line, and exits 0', () => {
  let fake: Server;
  let reply: (res: import('node:http').ServerResponse) => void = () => {};
  let fakeUrl = '';
  let nonce = '';
  const home = tempDir('gatehouse-home-');
  // The fake plays an instance whose key is in endpoint.json; `json` signs its answers as the real server does.
  const key = createInstanceKey();
  beforeAll(async () => {
    fake = createServer((req, res) => {
      nonce = String(req.headers['x-gatehouse-nonce'] ?? '');
      reply(res);
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    const addr = fake.address();
    fakeUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
    rmSync(home, { recursive: true, force: true });
  });
  afterEach(() => {
    reply = () => {};
  });
  const pointAtFake = () => writeEndpoint(home, { url: fakeUrl, token: 't'.repeat(43), pid: 1, key: key.publicKey });
  const json = (status: number, body: unknown, type = 'application/json') => (res: import('node:http').ServerResponse) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': type, 'x-gatehouse-signature': key.sign(nonce, text) });
    res.end(text);
  };
  const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };

  it('no endpoint.json (Gatehouse not running)', async () => {
    const r = await hookCli(fixture('pre-bash.json', ws), tempDir('gatehouse-empty-'));
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toMatch(/^gatehouse hook: no decision — Gatehouse is not running .*; the agent falls back to its own prompt\n$/);
  });

  it('an impostor on the port of a stale endpoint.json: its allow, unsigned or signed by another key, is not believed', async () => {
    pointAtFake();
    reply = (res) => {
      const text = JSON.stringify(allow);
      res.writeHead(200, { 'content-type': 'application/json', 'x-gatehouse-signature': createInstanceKey().sign(nonce, text) }).end(text);
    };
    const signedByOther = await hookCli(fixture('pre-bash.json', ws), home);
    expect(signedByOther).toMatchObject({ code: 0, stdout: '' });
    expect(signedByOther.stderr).toMatch(/not the Gatehouse that wrote endpoint.json/);
    reply = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(allow));
    expect(await hookCli(fixture('pre-bash.json', ws), home)).toMatchObject({ code: 0, stdout: '' });
  });

  it('a real Gatehouse that crashed leaves endpoint.json behind; a program that binds its port gets no allow through', async () => {
    const real = await startGatehouse();
    const dir = tempDir('gatehouse-home-');
    try {
      writeEndpoint(dir, real.server.endpoint);
      await real.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
      expect(JSON.parse((await hookCli(fixture('pre-bash.json', ws), dir)).stdout)).toMatchObject(allow);
      const port = real.port;
      await real.close();
      // The agent's own server on the freed port, answering allow to everything.
      const impostor = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(allow)));
      await new Promise<void>((r) => impostor.listen(port, '127.0.0.1', () => r()));
      try {
        const r = await hookCli(fixture('pre-bash.json', ws), dir);
        expect(r).toMatchObject({ code: 0, stdout: '' });
        expect(r.stderr).toMatch(/not the Gatehouse that wrote endpoint.json/);
      } finally {
        await new Promise((r) => impostor.close(r));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('endpoint.json pointing at a closed port', async () => {
    const dir = tempDir('gatehouse-home-');
    writeEndpoint(dir, { url: 'http://127.0.0.1:1', token: 'x', pid: 1, key: key.publicKey });
    expect(await hookCli(fixture('pre-bash.json', ws), dir)).toMatchObject({ code: 0, stdout: '' });
    rmSync(dir, { recursive: true, force: true });
  });

  it('endpoint.json pointing at any other host is never contacted (events carry file contents)', async () => {
    // 127.0.0.2 is reachable here but is not the loopback address Gatehouse binds: a stand-in for "elsewhere".
    let contacted = 0;
    const other = createServer((_req, res) => {
      contacted++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(allow));
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.2', () => r()));
    const dir = tempDir('gatehouse-home-');
    try {
      writeEndpoint(dir, { url: `http://127.0.0.2:${(other.address() as { port: number }).port}`, token: 'x', pid: 1, key: key.publicKey });
      expect(await hookCli(fixture('pre-bash.json', ws), dir)).toMatchObject({ code: 0, stdout: '' });
      expect(contacted).toBe(0);
    } finally {
      await new Promise((r) => other.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['garbage text', json(200, 'allow allow allow', 'application/json')],
    ['truncated JSON', json(200, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"')],
    ['an allow with an extra key', json(200, { hookSpecificOutput: { ...allow.hookSpecificOutput, extra: true } })],
    ['an allow for the other event', json(200, { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })],
    ['a valid allow with status 500', json(500, allow)],
    ['a valid allow with status 201', json(201, allow)],
    ['a valid allow as text/html', json(200, allow, 'text/html')],
    ['an answer of 2 MB', json(200, `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`)],
    ['a connection reset', (res: import('node:http').ServerResponse) => res.socket?.destroy()],
  ])('%s', async (_n, handler) => {
    pointAtFake();
    reply = handler;
    expect(await hookCli(fixture('pre-bash.json', ws), home)).toMatchObject({ code: 0, stdout: '' });
  });

  it('a valid allow from the same fake server does get through (the cases above fail for their reason)', async () => {
    pointAtFake();
    reply = json(200, allow);
    expect(JSON.parse((await hookCli(fixture('pre-bash.json', ws), home)).stdout)).toEqual(allow);
  });

  it('a server that never answers: gives up after GATEHOUSE_HOOK_TIMEOUT', async () => {
    pointAtFake();
    reply = () => {}; // hold the request open
    const r = await hookCli(fixture('pre-bash.json', ws), home, { GATEHOUSE_HOOK_TIMEOUT: '1' });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.ms).toBeGreaterThanOrEqual(900);
  });

  it.each([
    ['stdin that is not JSON', 'not json'],
    ['an event that is not a permission event', JSON.stringify({ hook_event_name: 'Stop' })],
    ['empty stdin', ''],
  ])('%s', async (_n, stdin) => {
    pointAtFake();
    reply = json(200, allow);
    expect(await hookCli(stdin, home)).toMatchObject({ code: 0, stdout: '' });
  });
});
