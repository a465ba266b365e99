// `gatehouse opencode-bridge --url URL`: answers a running `opencode serve`'s permission questions from Gatehouse. It
// follows the server's event stream (`GET /global/event`: every folder's events, as `{directory, payload}`), and for
// each `permission.asked` reads the call from the session's message, asks Gatehouse (rules, grants, or the person
// through the queue) and replies (permission-ask.ts). Questions already waiting when it connects (`GET /permission`)
// are answered too. A failure on Gatehouse's side is a reject with why; a question OpenCode answered otherwise (the
// person in OpenCode's own interface: `permission.replied`) is withdrawn from Gatehouse's queue.
import { setTimeout as sleep } from 'node:timers/promises';
import { Gate, type GateAnswer } from '../../mcp/gate.js';
import { isPlainObject } from '../hook-agent.js';
import { askedCall, failedReply, readPermissionAsked, replyOf, submissionOf, type PermissionAsked, type PermissionReply } from './permission-ask.js';

/** How long one question may wait for the person before it is refused (the HTTP wait route's own limit). */
const WAIT_SECONDS = 600;
/** Pause before following the event stream again after it ended (the server restarting). */
const RECONNECT_MS = 2000;
/** How many approved calls are remembered (OpenCode asks about one call up to twice: its folder, then the command). */
const REMEMBERED = 1000;

/** What the bridge needs. */
export interface BridgeOptions {
  /** The server's base URL (`http://127.0.0.1:4096`). */
  url: string;
  /** GATEHOUSE_HOME, where endpoint.json names the running Gatehouse. */
  home: string;
  /** `Authorization` for the server (its OPENCODE_SERVER_PASSWORD), when it has one. */
  authorization?: string;
  /** Where the bridge says what it answered. */
  log: (line: string) => void;
  /** Stops the bridge. */
  signal: AbortSignal;
}

/** One question being decided, by its id. */
interface Held {
  abort: AbortController;
}

/** The lines of an SSE body as JSON `data:` payloads; ends with the stream. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      else if (line === '' && data.length > 0) {
        const text = data.join('\n');
        data = [];
        try {
          yield JSON.parse(text);
        } catch {
          // Not JSON: no event the bridge reads.
        }
      }
    }
  }
}

/** Runs the bridge until `signal` aborts. */
export async function runOpenCodeBridge(opts: BridgeOptions): Promise<void> {
  const gate = new Gate(opts.home);
  const held = new Map<string, Held>();
  // Calls Gatehouse approved, by session and call id: OpenCode's next question about the same call (`external_directory`
  // then `bash`) is about what was already approved as a whole, so it is answered without asking the person twice.
  const approved = new Set<string>();
  const callKey = (ask: PermissionAsked) => (ask.tool ? `${ask.sessionID}\u0000${ask.tool.callID}` : null);
  const base = opts.url.replace(/\/+$/, '');
  const headers = (json: boolean): Record<string, string> => ({ ...(opts.authorization ? { authorization: opts.authorization } : {}), ...(json ? { 'content-type': 'application/json' } : {}) });
  const at = (path: string, directory: string | null) => `${base}${path}${directory ? `?directory=${encodeURIComponent(directory)}` : ''}`;

  const getJson = async (path: string, directory: string | null): Promise<unknown> => {
    const res = await fetch(at(path, directory), { headers: headers(false), signal: opts.signal });
    if (!res.ok) throw new Error(`OpenCode answered HTTP ${res.status} for ${path}`);
    return res.json();
  };

  const reply = async (ask: PermissionAsked, directory: string | null, answer: PermissionReply, why: string) => {
    try {
      const res = await fetch(at(`/permission/${encodeURIComponent(ask.id)}/reply`, directory), { method: 'POST', headers: headers(true), body: JSON.stringify(answer), signal: opts.signal });
      opts.log(`${ask.permission} ${JSON.stringify(ask.patterns.join(' '))} in session ${ask.sessionID}: ${answer.reply} (${why})${res.ok ? '' : `; OpenCode answered HTTP ${res.status}`}`);
    } catch (err) {
      if (!opts.signal.aborted) opts.log(`could not reply to ${ask.id}: ${(err as Error).message}`);
    }
  };

  const answer = async (ask: PermissionAsked, directory: string | null): Promise<void> => {
    if (held.has(ask.id)) return;
    const entry: Held = { abort: new AbortController() };
    held.set(ask.id, entry);
    const signal = AbortSignal.any([entry.abort.signal, opts.signal]);
    const key = callKey(ask);
    try {
      if (key !== null && approved.has(key)) {
        await reply(ask, directory, { reply: 'once' }, 'Gatehouse approved this call already');
        return;
      }
      let call = null;
      if (ask.tool) {
        const found = askedCall(ask, await getJson(`/session/${encodeURIComponent(ask.sessionID)}/message/${encodeURIComponent(ask.tool.messageID)}`, directory));
        if (typeof found === 'string') throw new Error(found);
        call = found;
      }
      const body = submissionOf(ask, call, directory);
      let result: GateAnswer;
      try {
        result = await gate.submit(body, WAIT_SECONDS, signal);
      } catch (err) {
        if (signal.aborted) return; // Answered in OpenCode, or the bridge is stopping: nothing to reply.
        await reply(ask, directory, failedReply((err as Error).message), 'no answer from Gatehouse');
        return;
      }
      const out = replyOf(result, body['args'] as Record<string, unknown>);
      if (out.reply === 'once' && key !== null) {
        approved.add(key);
        if (approved.size > REMEMBERED) approved.delete(approved.values().next().value!);
      }
      await reply(ask, directory, out, out.message ?? 'Gatehouse approved it');
    } catch (err) {
      if (!signal.aborted) await reply(ask, directory, failedReply((err as Error).message), 'the call could not be read');
    } finally {
      if (held.get(ask.id) === entry) held.delete(ask.id);
    }
  };

  const onEvent = (event: unknown) => {
    if (!isPlainObject(event) || !isPlainObject(event['payload'])) return;
    const directory = typeof event['directory'] === 'string' && event['directory'] !== '' ? event['directory'] : null;
    const { type, properties } = event['payload'];
    if (type === 'permission.asked') {
      const ask = readPermissionAsked(properties);
      if (ask) void answer(ask, directory);
      else opts.log('a permission question that cannot be read was left unanswered');
    } else if (type === 'permission.replied' && isPlainObject(properties) && typeof properties['requestID'] === 'string') {
      held.get(properties['requestID'])?.abort.abort();
    }
  };

  while (!opts.signal.aborted) {
    try {
      const res = await fetch(`${base}/global/event`, { headers: { ...headers(false), accept: 'text/event-stream' }, signal: opts.signal });
      if (!res.ok || !res.body) throw new Error(`OpenCode answered HTTP ${res.status} for its event stream`);
      opts.log(`following ${base}`);
      // Questions asked before the stream was followed (or while it was down).
      const pending = await getJson('/permission', null);
      for (const p of Array.isArray(pending) ? pending : []) {
        const ask = readPermissionAsked(p);
        if (ask) void answer(ask, null);
      }
      for await (const event of sseData(res.body)) onEvent(event);
    } catch (err) {
      if (opts.signal.aborted) break;
      opts.log(`cannot follow ${base}: ${(err as Error).message}; trying again`);
    }
    await sleep(RECONNECT_MS, undefined, { signal: opts.signal }).catch(() => undefined);
  }
  for (const h of held.values()) h.abort.abort();
  gate.close();
}
