// `runAcpProxy` against a real Gatehouse on 127.0.0.1, with an agent that echoes every line it reads: what the editor
// sends comes back as if the agent sent it, so a permission request written by the test is one the agent asked, and
// the proxy's answer to it comes back to the editor. Proves byte-for-byte passing, the agent's name, the choice of
// option for each decision, cancellation, and that no Gatehouse means a refusal.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../common/domain.js';
import { runAcpProxy } from '../../main/core/acp/proxy.js';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { startGatehouse, tempDir, type TestGatehouse } from '../core/server/helpers.js';
import { pendingOne } from '../mcp/support.js';

const ECHO = ['-e', 'process.stdin.pipe(process.stdout)'];
const OPTIONS = [
  { optionId: 'always', name: 'Always', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

/** The editor's end of a proxy over the echo agent. */
interface Editor {
  send(line: string): void;
  next(): Promise<Buffer>;
  log: string[];
  /** Ends the editor's input (the echo agent then exits) and resolves with the proxy's exit code. */
  close(): Promise<number>;
}

function startProxy(home: string, agentName?: string): Editor {
  const editorIn = new PassThrough();
  const editorOut = new PassThrough();
  const log: string[] = [];
  const done = runAcpProxy({ command: process.execPath, args: ECHO, home, editorIn, editorOut, log: (l) => log.push(l), ...(agentName ? { agentName } : {}) });
  let buffered = Buffer.alloc(0);
  const waiting: Array<() => void> = [];
  editorOut.on('data', (c: Buffer) => {
    buffered = Buffer.concat([buffered, c]);
    waiting.splice(0).forEach((w) => w());
  });
  const next = async (): Promise<Buffer> => {
    for (;;) {
      const nl = buffered.indexOf(0x0a);
      if (nl !== -1) {
        const line = buffered.subarray(0, nl + 1);
        buffered = buffered.subarray(nl + 1);
        return line;
      }
      await new Promise<void>((r) => waiting.push(r));
    }
  };
  return {
    send: (line) => editorIn.write(line),
    next,
    log,
    close: () => {
      editorIn.end();
      return done;
    },
  };
}

/** Opens a session in `cwd` as an editor and agent would (the echo plays both answers); `agentName` answers initialize. */
async function open(e: Editor, cwd: string, agentName = 'echo-agent'): Promise<void> {
  for (const line of [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } },
    { jsonrpc: '2.0', id: 1, result: { protocolVersion: 1, agentInfo: { name: agentName, version: '1' } } },
    { jsonrpc: '2.0', id: 2, method: 'session/new', params: { cwd, mcpServers: [] } },
    { jsonrpc: '2.0', id: 2, result: { sessionId: 's1' } },
  ]) {
    e.send(`${JSON.stringify(line)}\n`);
    expect(JSON.parse((await e.next()).toString())).toEqual(line);
  }
}

/** The agent asks to run `command`; resolves with the answer the proxy gave (as it reached the agent and came back). */
async function ask(e: Editor, command: string, options: unknown = OPTIONS): Promise<unknown> {
  const update = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: 't1', title: `\`${command}\``, kind: 'execute', status: 'pending', rawInput: { command } } } };
  e.send(`${JSON.stringify(update)}\n`);
  await e.next();
  // As the Claude Code adapter asks: no kind, which the tool_call update above gave.
  e.send(`${JSON.stringify({ jsonrpc: '2.0', id: 'p1', method: 'session/request_permission', params: { sessionId: 's1', toolCall: { toolCallId: 't1', rawInput: { command } }, options } })}\n`);
  // The request itself never reaches the editor: the next line with its id is the proxy's answer (echoed back).
  for (;;) {
    const m = JSON.parse((await e.next()).toString()) as Record<string, unknown>;
    if (m['id'] === 'p1') return m;
  }
}

const selected = (optionId: string) => ({ jsonrpc: '2.0', id: 'p1', result: { outcome: { outcome: 'selected', optionId } } });

describe('acp-proxy over a real Gatehouse', () => {
  let g: TestGatehouse;
  let ws: string;
  const editors: Editor[] = [];
  const proxy = (home: string, name?: string) => {
    const e = startProxy(home, name);
    editors.push(e);
    return e;
  };

  beforeEach(async () => {
    g = await startGatehouse();
    writeEndpoint(g.home, g.server.endpoint);
    ws = join(tempDir('gatehouse-acp-ws-'), 'proj');
    mkdirSync(ws);
    execFileSync('git', ['init', '-q'], { cwd: ws });
  });
  afterEach(async () => {
    await Promise.all(editors.splice(0).map((e) => e.close()));
    await g.close();
  });

  it('passes messages both ways byte for byte, whatever their spacing, escapes and line ends', async () => {
    const e = proxy(g.home);
    const odd = '{ "jsonrpc":"2.0" ,"method":"_zed/x", "params":{"n":1.50,"s":"\\u00e9\\/","big":12345678901234567890}}\r\n';
    e.send(odd);
    expect((await e.next()).toString()).toBe(odd);
    e.send('not json at all\n');
    expect((await e.next()).toString()).toBe('not json at all\n');
  });

  it('answers allow_once for a call a rule allows, though allow_always is offered first; records the agent\'s own name', async () => {
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'Bash(touch ok.txt)' });
    const e = proxy(g.home);
    await open(e, ws, 'Gemini CLI');
    expect(await ask(e, 'touch ok.txt')).toEqual(selected('once'));
    const entry = ((await g.approver('GET', '/v1/audit?limit=1')).json as { entries: Array<Record<string, unknown>> }).entries[0];
    expect(entry).toMatchObject({ agent: 'acp:gemini-cli', tool_name: 'Bash', status: 'approved', cwd: ws, session_id: 's1' });
  });

  it('--agent names the agent over what it calls itself; an agent calling itself claude-code stays an ACP agent', async () => {
    await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'Bash(touch no.txt)' });
    const named = proxy(g.home, 'my-agent');
    await open(named, ws, 'claude-code');
    expect(await ask(named, 'touch no.txt')).toEqual(selected('no'));
    const e = proxy(g.home);
    await open(e, ws, 'claude-code');
    expect(await ask(e, 'touch no.txt')).toEqual(selected('no'));
    const agents = ((await g.approver('GET', '/v1/audit?limit=2')).json as { entries: Array<{ agent: string }> }).entries.map((x) => x.agent);
    expect(agents.sort()).toEqual(['acp:claude-code', 'acp:my-agent']);
  });

  it('a sandbox rule\'s contained allow is asked, not allowed, even for an agent calling itself claude-code: ACP cannot run a command contained', async () => {
    expect((await g.approver('POST', '/v1/rules', { action: 'sandbox', pattern: 'Bash(touch boxed.txt)' })).status).toBe(201);
    const e = proxy(g.home);
    await open(e, ws, 'claude-code');
    const answer = ask(e, 'touch boxed.txt');
    const pending = await pendingOne(g);
    expect(pending.request).toMatchObject({ agent: 'acp:claude-code', args: { command: 'touch boxed.txt' } });
    await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: false });
    expect(await answer).toEqual(selected('no'));
  });

  it('a held call: the person\'s "always" is still allow_once; a refusal is reject_once; an edited call is refused', async () => {
    const e = proxy(g.home);
    await open(e, ws);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ approved: true, scope: 'always', rule: { action: 'allow', pattern: 'Bash(touch held-0.txt)' } }, 'once'],
      [{ approved: false, reason: 'not now' }, 'no'],
      [{ approved: true, updated_args: { command: 'touch other.txt' } }, 'no'],
    ];
    for (const [i, [decision, option]] of cases.entries()) {
      const answer = ask(e, `touch held-${i}.txt`);
      const pending = await pendingOne(g);
      expect(pending.request).toMatchObject({ agent: 'acp:echo-agent', tool_name: 'Bash', args: { command: `touch held-${i}.txt` } });
      expect((await g.approver('POST', `/v1/requests/${pending.request.id}/decision`, decision)).status).toBe(200);
      expect(await answer).toEqual(selected(option));
    }
  });

  it('the editor cancelling the turn answers cancelled and withdraws the held call from the queue', async () => {
    const e = proxy(g.home);
    await open(e, ws);
    const answer = ask(e, 'touch cancelled.txt');
    const pending = await pendingOne(g);
    e.send(`${JSON.stringify({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 's1' } })}\n`);
    expect(await answer).toEqual({ jsonrpc: '2.0', id: 'p1', result: { outcome: { outcome: 'cancelled' } } });
    const record = (await g.approver('GET', `/v1/requests/${pending.request.id}`)).json as RequestRecord;
    expect(record.status).toBe('cancelled');
  });

  it('the agent taking its request back withdraws the held call from the queue', async () => {
    const e = proxy(g.home);
    await open(e, ws);
    const answer = ask(e, 'touch taken-back.txt');
    const pending = await pendingOne(g);
    // Written by the editor, echoed back: to the proxy it comes from the agent.
    e.send(`${JSON.stringify({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'p1' } })}\n`);
    expect(await answer).toEqual({ jsonrpc: '2.0', id: 'p1', result: { outcome: { outcome: 'cancelled' } } });
    const record = (await g.approver('GET', `/v1/requests/${pending.request.id}`)).json as RequestRecord;
    expect(record.status).toBe('cancelled');
  });

  it('with no Gatehouse running, rejects; with no reject offered, cancels; never allows', async () => {
    const e = proxy(tempDir('gatehouse-acp-nohome-'));
    await open(e, ws);
    expect(await ask(e, 'touch x.txt')).toEqual(selected('no'));
    expect(await ask(e, 'touch x.txt', OPTIONS.slice(0, 2))).toEqual({ jsonrpc: '2.0', id: 'p1', result: { outcome: { outcome: 'cancelled' } } });
    expect(e.log.join('\n')).toContain('Gatehouse is not running');
  });
});
