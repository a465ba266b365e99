// The native hook client (native/hook, compiled by `npm run build` into dist/native/gatehouse-hook), run as the
// installed command runs it: `gatehouse-hook NODE BIN hook CLI`. What it prints and exits with must be what the Node
// hook prints and exits with, for every agent; it believes only the instance the kernel proves, hands every such doubt
// to the Node hook, and after its question is sent never asks again: a broken answer is the agent's fallback.
import { spawn, spawnSync } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_AGENTS, hookAgent } from '../../../main/core/agents/hook-registry.js';
import { failClosedTail, failsOpen, hookCommand, hookProgram, programProblem, shellWord } from '../../../main/core/agents/hook-command.js';
import { ownListener } from '../../../main/core/endpoint/listener.js';
import { nativeEndpointText, NATIVE_ENDPOINT_FILE } from '../../../main/core/endpoint/native-endpoint.js';
import { publishEndpoint } from '../../../main/core/endpoint/publish.js';
import { fallbackResult, hookPrint } from '../../../main/core/hook-client/print.js';
import { nativeAnswer } from '../../../main/core/server/routes/native-hook.js';
import { makeWorkspace, nextEvent, startGatehouse, tempDir, type TestGatehouse } from '../server/helpers.js';
import { BIN, BUILT, ROOT, runCli } from '../cli/run-cli.js';
import { shellEvent } from './native-events.js';

const NATIVE = join(ROOT, 'dist', 'native', 'gatehouse-hook');
// Built only where a C compiler exists (scripts/build-native.mjs); the proof needs Linux's /proc.
const RUNNABLE = BUILT && existsSync(NATIVE) && process.platform === 'linux';
if (!RUNNABLE) console.warn('native hook tests skipped: dist/native/gatehouse-hook is not built (no C compiler, or no `npm run build`) or this is not Linux');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A file every Node process started with `--require` of it appends to: whether the native client started node. */
const dirs: string[] = [];
const scratch = tempDir('gatehouse-native-');
dirs.push(scratch);
const marker = join(scratch, 'node-started');
const markerScript = join(scratch, 'mark.cjs');
writeFileSync(markerScript, `require('node:fs').appendFileSync(${JSON.stringify(marker)}, 'x');\n`);
const nodeStarts = (): number => (existsSync(marker) ? readFileSync(marker, 'utf8').length : 0);

/** Runs the native client in front of the Node hook, as `gatehouse install` writes it. */
function runNative(cli: string, stdin: string, env: NodeJS.ProcessEnv, native = NATIVE): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(native, [process.execPath, BIN, 'hook', cli], { env: { ...process.env, NODE_OPTIONS: `--require=${markerScript}`, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

const runNode = async (cli: string, stdin: string, env: NodeJS.ProcessEnv): Promise<Run> => {
  const { code, stdout, stderr } = await runCli(['hook', cli], { stdin, env });
  return { code, stdout, stderr };
};

let ws: string;
let cleanupWs: () => void;
beforeAll(() => {
  ({ ws, cleanup: cleanupWs } = makeWorkspace());
});
afterAll(() => {
  cleanupWs();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe.runIf(RUNNABLE)('the native client says what the Node hook says, for every agent, without starting node', () => {
  let g: TestGatehouse;
  beforeAll(async () => {
    g = await startGatehouse();
    publishEndpoint(g.home, g.server.endpoint);
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(git push)' });
  });
  afterAll(() => g.close());

  /** Both clients on the same event, one after the other; `during` answers what each one asks the person. */
  async function both(cli: string, stdin: string, env: NodeJS.ProcessEnv = {}, during?: (id: string) => Promise<unknown>) {
    const results: Run[] = [];
    for (const run of [runNative, runNode]) {
      const before = nodeStarts();
      const pending = during ? nextEvent(g.core, 'request_pending') : null;
      const running = run(cli, stdin, { GATEHOUSE_HOME: g.home, ...env });
      if (pending) await during!((await pending).record.request.id);
      results.push(await running);
      if (run === runNative) expect(nodeStarts(), 'the native client started node').toBe(before);
    }
    return { native: results[0]!, node: results[1]! };
  }

  it('the native client gone (killed by its agent) cancels its pending request, as the Node hook does', async () => {
    const pending = nextEvent(g.core, 'request_pending');
    const decided = nextEvent(g.core, 'request_decided');
    const child = spawn(NATIVE, [process.execPath, BIN, 'hook', 'claude-code'], { env: { ...process.env, GATEHOUSE_HOME: g.home }, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.end(shellEvent(hookAgent('claude-code')!, 'make killed', ws, 'native-killed'));
    await pending;
    child.kill('SIGKILL');
    expect((await decided).record).toMatchObject({ status: 'cancelled', decision: { reason: 'the agent stopped waiting' } });
  });

  it('the server decides the native client\'s question in-process: no second connection to itself, while it waits for the person too', async () => {
    // Every TCP client socket this process opens (the server runs here); the native client is another process.
    const opened: unknown[] = [];
    const count = (socket: unknown) => opened.push(socket);
    subscribe('net.client.socket', count);
    try {
      const allowed = await runNative('claude-code', shellEvent(hookAgent('claude-code')!, 'npm test', ws, 'native-in-process'), { GATEHOUSE_HOME: g.home });
      expect(allowed.stdout).toContain('"allow"');
      const pending = nextEvent(g.core, 'request_pending');
      const asking = runNative('gemini', shellEvent(hookAgent('gemini')!, 'make asked', ws, 'native-in-process'), { GATEHOUSE_HOME: g.home });
      const id = (await pending).record.request.id;
      expect(opened).toEqual([]);
      await g.approver('POST', `/v1/requests/${id}/decision`, { approved: false, reason: 'not now' });
      expect((await asking).stdout).toContain('not now');
      const approverCall = opened.length; // the approver's own request above
      await runNative('codex', shellEvent(hookAgent('codex')!, 'git push', ws, 'native-in-process'), { GATEHOUSE_HOME: g.home });
      expect(opened.length).toBe(approverCall);
    } finally {
      unsubscribe('net.client.socket', count);
    }
  });

  it('an event the hook route refuses (a __proto__ key, nesting past its limit, no tool_name) is the same fallback from both clients', async () => {
    const event = JSON.parse(shellEvent(hookAgent('claude-code')!, 'npm test', ws, 'native-refused')) as Record<string, unknown>;
    const deep = `${'['.repeat(80)}${']'.repeat(80)}`;
    for (const stdin of [
      JSON.stringify(event).replace('{', '{"__proto__":{"allowed":true},'),
      JSON.stringify({ ...event, tool_input: { command: 'npm test', nested: 0 } }).replace('"nested":0', `"nested":${deep}`),
      JSON.stringify({ ...event, tool_name: undefined }),
    ]) {
      const { native, node } = await both('claude-code', stdin);
      expect(native).toEqual(node);
      expect(native.stderr).toMatch(/^gatehouse hook: no decision — Gatehouse at 127\.0\.0\.1:\d+ answered HTTP 400/);
    }
  });

  it('after-call and session-end events through the native client are reported to the hook route\'s code', async () => {
    const gemini = hookAgent('gemini')!;
    const audit = async () => {
      const entries = ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<{ id: string }> }).entries;
      return (await g.approver('GET', `/v1/audit/${entries[0]!.id}`)).json as { undo?: { ran: string | null; not_run_reason: string | null } };
    };
    const before = (session: string) => runNative('gemini', shellEvent(gemini, 'npm test', ws, session), { GATEHOUSE_HOME: g.home });
    const then = (session: string, fields: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(shellEvent(gemini, 'npm test', ws, session)), ...fields });

    expect((await before('native-after')).stdout).toContain('"allow"');
    const refused = { hook_event_name: 'AfterTool', tool_response: { error: 'Tool execution denied by policy.' } };
    expect(await runNative('gemini', then('native-after', refused), { GATEHOUSE_HOME: g.home })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await audit()).undo).toMatchObject({ ran: 'not-run', not_run_reason: 'Tool execution denied by policy.' });

    expect((await before('native-end')).stdout).toContain('"allow"');
    expect((await audit()).undo?.ran ?? null).toBeNull();
    const end = { hook_event_name: 'SessionEnd', transcript_path: join(scratch, 'no-transcript.jsonl') };
    expect(await runNative('gemini', then('native-end', end), { GATEHOUSE_HOME: g.home })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await audit()).undo).toMatchObject({ ran: 'not-run', not_run_reason: expect.stringContaining('no sign it ran') });
  });

  for (const agent of HOOK_AGENTS) {
    describe(agent.cli, () => {
      const event = (command: string) => shellEvent(agent, command, ws, `native-${agent.cli}`);

      it('a rule allows', async () => {
        const { native, node } = await both(agent.cli, event('npm test'));
        expect(native).toEqual(node);
        expect(native.code).toBe(0);
      });

      it('a rule denies', async () => {
        const { native, node } = await both(agent.cli, event('git push'));
        expect(native).toEqual(node);
      });

      it('the person is asked, and approves or refuses', async () => {
        const approve = await both(agent.cli, event('make deploy'), {}, (id) => g.approver('POST', `/v1/requests/${id}/decision`, { approved: true }));
        expect(approve.native).toEqual(approve.node);
        const refuse = await both(agent.cli, event('make deploy'), {}, (id) => g.approver('POST', `/v1/requests/${id}/decision`, { approved: false, reason: 'not now' }));
        expect(refuse.native).toEqual(refuse.node);
        expect(refuse.native).not.toEqual(approve.native);
      });

      it('no decision in time (GATEHOUSE_HOOK_TIMEOUT) is the agent\'s fallback, and the call is withdrawn', async () => {
        const { native, node } = await both(agent.cli, event('make slow'), { GATEHOUSE_HOOK_TIMEOUT: '0.3' }, async () => {});
        expect(native).toEqual(node);
        expect(native.stderr).toMatch(/^gatehouse hook: no decision/);
      });

      it('an event that is not JSON is the agent\'s fallback', async () => {
        const { native, node } = await both(agent.cli, 'not json');
        expect(native).toEqual(node);
        expect(native.stderr).toMatch(/not JSON/);
      });
    });
  }
});

describe.runIf(RUNNABLE)('whatever it cannot prove goes to the Node hook, whose refusal it passes through', () => {
  const event = (cli: string) => shellEvent(hookAgent(cli)!, 'npm test', ws, 'native-doubt');
  const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };

  it('an impostor on the port of a Gatehouse that crashed is not believed (nor is its allow)', async () => {
    const real = await startGatehouse();
    const home = tempDir('gatehouse-native-home-');
    dirs.push(home);
    publishEndpoint(home, real.server.endpoint);
    await real.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(npm test)' });
    expect(JSON.parse((await runNative('claude-code', event('claude-code'), { GATEHOUSE_HOME: home })).stdout)).toMatchObject(allow);
    const port = real.port;
    await real.close();
    let asked = 0;
    const impostor = createServer((req, res) => {
      if (req.url?.endsWith('/native')) asked++;
      res.writeHead(200, { 'content-type': 'application/x-gatehouse-hook-answer' }).end(nativeAnswer({ stdout: JSON.stringify(allow), stderr: '', exit: 0 }));
    });
    await new Promise<void>((r) => impostor.listen(port, '127.0.0.1', () => r()));
    try {
      for (const cli of ['claude-code', 'codex']) {
        const before = nodeStarts();
        const r = await runNative(cli, event(cli), { GATEHOUSE_HOME: home });
        expect(nodeStarts()).toBe(before + 1); // handed over to the Node hook
        expect(r).toEqual(await runNode(cli, event(cli), { GATEHOUSE_HOME: home }));
        expect(r.stdout).not.toContain('"allow"');
        expect(r.stderr).toMatch(/^gatehouse hook: no decision/);
      }
      expect(asked).toBe(0); // the native client never sent it the call (the Node hook did, and did not believe it)
    } finally {
      await new Promise((r) => impostor.close(r));
    }
  });

  it('Gatehouse down (endpoint files left behind, nothing on the port) is the agent\'s refusal', async () => {
    const real = await startGatehouse();
    const home = tempDir('gatehouse-native-home-');
    dirs.push(home);
    publishEndpoint(home, real.server.endpoint);
    await real.close();
    for (const agent of HOOK_AGENTS) {
      const r = await runNative(agent.cli, event(agent.cli), { GATEHOUSE_HOME: home });
      expect(r).toEqual(await runNode(agent.cli, event(agent.cli), { GATEHOUSE_HOME: home }));
      expect(r.stderr).toMatch(/^gatehouse hook: no decision — cannot reach Gatehouse/);
    }
  });

  it('no endpoint at all, an unreadable endpoint.native, an unknown agent: the Node hook answers', async () => {
    const home = tempDir('gatehouse-native-home-');
    dirs.push(home);
    for (const text of [null, 'gatehouse-hook-endpoint 1\n1 2 3 4 5\n', 'gatehouse-hook-endpoint 2\n']) {
      if (text !== null) writeFileSync(join(home, NATIVE_ENDPOINT_FILE), text);
      const r = await runNative('gemini', event('gemini'), { GATEHOUSE_HOME: home });
      expect(r).toEqual(await runNode('gemini', event('gemini'), { GATEHOUSE_HOME: home }));
      expect(r.stdout).toMatch(/"deny"/);
    }
    expect(await runNative('nope', '{}', { GATEHOUSE_HOME: home })).toEqual(await runNode('nope', '{}', { GATEHOUSE_HOME: home }));
  });
});

describe.runIf(RUNNABLE)('after its question is sent, anything but a whole answer is the agent\'s fallback, never a second question', () => {
  let fake: Server;
  let reply: (res: ServerResponse) => void = () => {};
  let asked = 0;
  let port = 0;
  const home = tempDir('gatehouse-native-fake-');
  dirs.push(home);
  beforeAll(async () => {
    fake = createServer((req, res) => {
      asked++;
      req.resume();
      req.on('end', () => reply(res));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    port = (fake.address() as { port: number }).port;
    // The fake is this test process, so the kernel proves it: only what it answers is under test.
    const endpoint = { url: `http://127.0.0.1:${port}`, token: 't'.repeat(43), pid: process.pid, key: 'unused', listener: ownListener(port)! };
    expect(endpoint.listener).toBeDefined();
    writeFileSync(join(home, NATIVE_ENDPOINT_FILE), nativeEndpointText(endpoint, HOOK_AGENTS.map((a) => [a.cli, 2000] as const))!, { mode: 0o600 });
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
  });

  const typed = (body: string | Buffer, status = 200, type = 'application/x-gatehouse-hook-answer') => (res: ServerResponse) =>
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }).end(body);
  const valid = nativeAnswer({ stdout: 'the answer\n', stderr: 'a line\n', exit: 0 });

  it('a whole answer is printed as it is', async () => {
    reply = typed(valid);
    expect(await runNative('codex', '{}', { GATEHOUSE_HOME: home })).toEqual({ code: 0, stdout: 'the answer\n', stderr: 'a line\n' });
  });

  /** Writes a whole answer's bytes onto the connection in `pieces`, one per timer tick, and keeps it open. */
  const keptOpen = (pieces = 1) => (res: ServerResponse) => {
    const raw = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/x-gatehouse-hook-answer\r\ncontent-length: ${valid.length}\r\n\r\n`), valid]);
    const size = Math.ceil(raw.length / pieces);
    for (let i = 0; i < pieces; i++) setTimeout(() => res.socket?.write(raw.subarray(i * size, (i + 1) * size)), i * 20);
  };

  it('a whole answer on a connection the server keeps open is printed at once: read to its length, not to the close', async () => {
    reply = keptOpen();
    expect(await runNative('codex', '{}', { GATEHOUSE_HOME: home })).toEqual({ code: 0, stdout: 'the answer\n', stderr: 'a line\n' });
  });

  it('an answer that comes in pieces, head and body split, is read whole', async () => {
    reply = keptOpen(7);
    expect(await runNative('codex', '{}', { GATEHOUSE_HOME: home })).toEqual({ code: 0, stdout: 'the answer\n', stderr: 'a line\n' });
  });

  it.each<[string, (res: ServerResponse) => void]>([
    ['garbage text', typed('allow allow allow')],
    ['a whole answer with status 500', typed(valid, 500)],
    ['a whole answer as application/json', typed(valid, 200, 'application/json')],
    ['an exit code the Node hook never gives', typed(nativeAnswer({ stdout: '', stderr: '', exit: 0 }).toString('latin1').replace(' 1 0 ', ' 1 7 '))],
    ['lengths that do not fill the body', typed(Buffer.concat([valid, Buffer.from('more')]))],
    ['a body cut short', (res) => {
      res.writeHead(200, { 'content-type': 'application/x-gatehouse-hook-answer', 'content-length': String(valid.length + 10) });
      res.write(valid);
      res.socket?.end();
    }],
    ['chunked', (res) => {
      res.writeHead(200, { 'content-type': 'application/x-gatehouse-hook-answer' });
      res.write(valid);
      res.end();
    }],
    ['a connection reset', (res) => res.socket?.destroy()],
    ['no answer within the agent\'s limit', () => {}],
  ])('%s', async (_name, handler) => {
    reply = handler;
    for (const agent of HOOK_AGENTS) {
      const before = asked;
      const r = await runNative(agent.cli, shellEvent(agent, 'npm test', ws, 'fake'), { GATEHOUSE_HOME: home });
      expect(asked - before).toBe(1);
      const why = /no decision — (.*); (the agent falls back|denied)/.exec(r.stderr)?.[1] ?? '';
      expect(why).not.toBe('');
      const print = hookPrint(agent, fallbackResult(agent, why));
      expect(r).toEqual({ code: print.exit, stdout: print.stdout, stderr: print.stderr });
    }
  });
});

describe.runIf(RUNNABLE)('installed', () => {
  it('install writes the native client in front of the Node hook, with --home and the fail-closed tail', () => {
    for (const agent of HOOK_AGENTS) {
      const command = hookCommand(agent.cli, { home: '/tmp/a home' });
      expect(hookProgram(command)).toEqual({ native: NATIVE, node: process.execPath, bin: BIN, cli: agent.cli, home: '/tmp/a home' });
      expect(failsOpen(command)).toBe(false);
      expect(programProblem(command)).toBeNull();
    }
    expect(hookProgram(hookCommand('codex', { native: false }))?.native).toBeUndefined();
    expect(programProblem(`/gone/gatehouse-hook ${process.execPath} ${BIN} hook codex`)).toMatch(/native hook \/gone\/gatehouse-hook is gone/);
  });

  it('a native client that crashes ends in the agent\'s refusal (the tail), never in a run', () => {
    const crashing = join(scratch, 'gatehouse-hook');
    writeFileSync(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    for (const agent of HOOK_AGENTS.filter((a) => a.silentExit === 2)) {
      const command = `${shellWord(crashing)} ${shellWord(process.execPath)} ${shellWord(BIN)} hook ${agent.cli} ${failClosedTail(BIN, agent)}`;
      const r = spawnSync('bash', ['-c', command], { input: shellEvent(agent, 'npm test', ws, 'crash'), encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/no decision/);
      if (agent.stdoutRefusal) expect(r.stdout).toMatch(/deny/);
    }
  });
});
