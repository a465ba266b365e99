// `gatehouse acp-proxy`: sits between an editor (the ACP client, on this process's stdio) and an ACP agent (a child
// process on its stdio). Every message passes byte for byte (pump.ts) except the agent's `session/request_permission`,
// which the proxy answers itself from Gatehouse (decide.ts) and never shows the editor; the editor's `session/cancel`
// and the agent's `$/cancel_request` withdraw held requests from the queue.
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { Gate } from '../mcp/gate.js';
import { decidePermission } from './decide.js';
import { LineWriter, pumpLines } from './pump.js';
import { Traffic } from './traffic.js';

/** What the proxy needs. */
export interface AcpProxyOptions {
  /** The agent's command and arguments. */
  command: string;
  args: string[];
  /** `--agent NAME`: the name Gatehouse records, over what the agent calls itself. */
  agentName?: string;
  /** GATEHOUSE_HOME, where endpoint.json names the running Gatehouse. */
  home: string;
  /** Towards the editor (default: this process's stdio). */
  editorIn?: Readable;
  editorOut?: Writable;
  /** Where the proxy says what it answered (default: stderr, which editors show as the agent's log). */
  log?: (line: string) => void;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One held permission request. */
interface Held {
  sessionId: string;
  abort: AbortController;
}

/** Runs the agent behind the proxy until it exits; resolves with its exit code (1 when it could not start). */
export async function runAcpProxy(opts: AcpProxyOptions): Promise<number> {
  const log = opts.log ?? ((line: string) => void process.stderr.write(`gatehouse acp-proxy: ${line}\n`));
  const editorIn = opts.editorIn ?? process.stdin;
  const toEditor = new LineWriter(opts.editorOut ?? process.stdout);
  const gate = new Gate(opts.home);
  const traffic = new Traffic(opts.agentName ?? basename(opts.command), opts.agentName !== undefined);
  const child = spawn(opts.command, opts.args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const toAgent = new LineWriter(child.stdin);
  const held = new Map<string | number, Held>();

  const answerPermission = (id: string | number, params: Obj): void => {
    const sessionId = typeof params['sessionId'] === 'string' ? params['sessionId'] : '';
    const entry: Held = { sessionId, abort: new AbortController() };
    held.get(id)?.abort.abort();
    held.set(id, entry);
    const toolCall = traffic.toolCall(sessionId, isObject(params['toolCall']) ? params['toolCall'] : {});
    void decidePermission(gate, { agent: traffic.agent, sessionId, cwd: traffic.cwd(sessionId), toolCall, options: params['options'], signal: entry.abort.signal }).then(({ response, why }) => {
      if (held.get(id) !== entry) return;
      held.delete(id);
      log(`${typeof toolCall.title === 'string' ? JSON.stringify(toolCall.title) : 'a tool call'}: ${response.outcome.outcome === 'selected' ? response.outcome.optionId : 'cancelled'} (${why})`);
      toAgent.send({ jsonrpc: '2.0', id, result: response });
    });
  };

  const fromAgent = pumpLines(child.stdout, toEditor, (m) => {
    // The agent taking back a request the proxy holds: withdrawn from the queue; the editor never knew of it.
    if (isObject(m) && m['method'] === '$/cancel_request' && isObject(m['params'])) {
      const h = held.get(m['params']['requestId'] as string | number);
      h?.abort.abort();
      return h !== undefined;
    }
    if (!isObject(m) || m['method'] !== 'session/request_permission') {
      traffic.fromAgent(m);
      return false;
    }
    // Answered here, never by the editor; one without an id has nobody to answer and is dropped.
    const id = m['id'];
    if (typeof id === 'string' || typeof id === 'number') answerPermission(id, isObject(m['params']) ? m['params'] : {});
    return true;
  });
  const fromEditor = pumpLines(editorIn, toAgent, (m) => {
    traffic.fromEditor(m);
    if (isObject(m) && m['method'] === 'session/cancel' && isObject(m['params'])) {
      for (const h of held.values()) if (h.sessionId === m['params']['sessionId']) h.abort.abort();
    }
    return false;
  });
  // The editor closing its side ends the agent's input; the agent then exits as ACP agents do on EOF.
  void fromEditor.then(() => toAgent.end(), () => toAgent.end());
  void fromAgent.catch((err: Error) => {
    log(`the agent's output is not ACP (${err.message}); stopping it`);
    child.kill();
  });

  const code = await new Promise<number>((resolve) => {
    child.once('error', (err) => {
      log(`cannot start ${JSON.stringify(opts.command)}: ${err.message}`);
      resolve(1);
    });
    child.once('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  for (const h of held.values()) h.abort.abort();
  held.clear();
  gate.close();
  await fromAgent.catch(() => undefined);
  editorIn.destroy();
  toEditor.end();
  return code;
}
