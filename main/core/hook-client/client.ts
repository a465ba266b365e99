// The thin hook client: one agent hook event in, Gatehouse's answer out in that agent's dialect — or its fallback.
// Node built-ins only (no database, HTTP framework, tree-sitter or policy): it runs on every tool call.
import { connect } from 'node:net';
import { http1Request, parseHttp1Response } from './http1.js';
import { readEndpoint } from '../endpoint/endpoint.js';
import { type AnswerCheck, NONCE_HEADER, SIGNATURE_HEADER, answerVerifier, notTheInstance } from '../endpoint/instance-key.js';
import { listenerProven } from '../endpoint/listener.js';
import { loopbackUrl } from '../endpoint/loopback.js';
import { freshNonce } from './nonce.js';
import type { HookAgent } from '../agents/hook-agent.js';

/** Default overall limit: just under Claude Code's 600 s hook timeout, so we give up before we are killed. */
export const DEFAULT_HOOK_TIMEOUT_S = 595;
/** The largest answer a hook believes: anything longer is no answer. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
/** Why there is no answer when it is longer than MAX_ANSWER_BYTES. */
export const TOO_LARGE = 'Gatehouse answered more than a hook answer can be';
/** Larger than any real event; anything bigger is refused unread (by the native client too: it hands it to this one). */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/**
 * GATEHOUSE_HOOK_TIMEOUT (seconds) when it is a positive number, else just under Claude Code's limit; never past 90% of
 * the time after which the agent kills the hook (and, for Cline, runs the call), so the refusal is printed first.
 */
export function hookTimeoutMs(env: NodeJS.ProcessEnv, killedAfterS?: number): number {
  const s = Number(env.GATEHOUSE_HOOK_TIMEOUT);
  const limit = killedAfterS === undefined ? DEFAULT_HOOK_TIMEOUT_S : Math.min(DEFAULT_HOOK_TIMEOUT_S, killedAfterS * 0.9);
  return (Number.isFinite(s) && s > 0 ? Math.min(s, limit) : limit) * 1000;
}

/** What one hook run needs. */
export interface HookClientInput {
  /** The hook event as the agent wrote it to stdin. */
  stdin: string;
  /** The agent's hook dialect (agents/hook-registry.ts). */
  agent: HookAgent;
  timeoutMs: number;
  /** How the event reaches Gatehouse: loopbackChannel for the Node hook; the server's own for the native hook. */
  channel: HookChannel;
}

/**
 * How a hook event reaches Gatehouse's hook route `/v1/hooks/<cli>` (and its `/session-end`): over loopback to the
 * instance endpoint.json names (loopbackChannel), or inside the server that answers the native hook
 * (server/routes/in-process-hook.ts), which needs neither a second connection nor a signature.
 */
export interface HookChannel {
  /** Sends a before-call event; resolves with the answer's JSON text once it is believed, or why there is none. */
  decide(body: string, timeoutMs: number): Promise<{ json: string } | string>;
  /** Reports a session's end (`/session-end`); resolves once Gatehouse took it, or gave up: nothing comes back. */
  endSession(body: string, timeoutMs: number): Promise<void>;
}

/** The hook's result: what to print (the agent's fallback when there is no decision) and, when it falls back, one line saying why. */
export interface HookResult {
  output: string;
  fallback: string | null;
}

/**
 * Asks Gatehouse and returns what to print, or a fallback reason (the agent then asks the person itself).
 * Threat: Gatehouse down, slow, replaced by something else on the port (a stale endpoint.json after a crash), or
 * answering garbage must never turn into an allow; only an answer the channel believes, and strictly valid for the
 * event that was asked, gets through, re-serialised.
 */
export async function askGatehouse(input: HookClientInput): Promise<HookResult> {
  const { agent, channel } = input;
  let eventName = '';
  const fallback = (why: string): HookResult => ({ output: agent.fallback(eventName, why), fallback: why });
  let event: unknown;
  try {
    event = JSON.parse(input.stdin);
  } catch {
    return fallback('the hook event on stdin is not JSON');
  }
  let name: unknown;
  let body = input.stdin;
  if (agent.toRoute) {
    const routed = agent.toRoute(event);
    if (typeof routed === 'string') return fallback(routed);
    name = routed.name;
    body = JSON.stringify(routed.body);
  } else name = (event as { hook_event_name?: unknown } | null)?.hook_event_name;
  // An after-call event: Gatehouse takes the call's after-snapshot before answering, so the agent goes on only once it
  // is on disk. It decides nothing: what is printed is at most a believed note for the model (renderAfter), else nothing.
  if (name === agent.after) {
    const answer = await channel.decide(body, Math.min(input.timeoutMs, AFTER_TIMEOUT_MS));
    return { output: (typeof answer !== 'string' && agent.renderAfter?.(jsonOrNull(answer.json))) || '', fallback: null };
  }
  if (name !== undefined && name === agent.sessionEnd) {
    await channel.endSession(body, Math.min(input.timeoutMs, AFTER_TIMEOUT_MS));
    return { output: '', fallback: null };
  }
  if (typeof name !== 'string' || !agent.events.includes(name)) {
    return fallback(`Gatehouse answers ${agent.events.join(' and ')} events, not ${JSON.stringify(name)}`);
  }
  eventName = name;
  const answer = await channel.decide(body, input.timeoutMs);
  if (typeof answer === 'string') return fallback(answer);
  let value: unknown;
  try {
    value = JSON.parse(answer.json);
  } catch {
    return fallback('Gatehouse answered something that is not JSON');
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0) {
    return fallback('Gatehouse has no decision for this call (it timed out or was withdrawn)');
  }
  const output = agent.render(value, eventName);
  if (output === null) return fallback('Gatehouse answered something that is not a valid hook answer');
  return { output, fallback: null };
}

/**
 * The Node hook's channel: the instance endpoint.json in `home` names, on loopback. Its answer is believed once the
 * kernel proved the listener is that instance (listener.ts), else only when signed by its key over a fresh nonce.
 */
export function loopbackChannel(home: string, cli: string): HookChannel {
  return {
    async decide(body, timeoutMs) {
      const endpoint = readEndpoint(home);
      if (!endpoint) return `Gatehouse is not running (no usable endpoint.json in ${home}); start it with \`npm start\` or \`gatehouse serve\``;
      const target = loopbackUrl(endpoint.url, `/v1/hooks/${cli}`);
      if (!target) return `endpoint.json names ${endpoint.url}, which is not this machine`;
      const nonce = freshNonce();
      let check: AnswerCheck | undefined;
      // While Gatehouse decides: prove who listens from /proc (listener.ts), else get the signature check ready.
      const answer = await send(target, endpoint.token, nonce, body, timeoutMs, () => {
        check = target.hostname === '127.0.0.1' && listenerProven(endpoint.pid, endpoint.listener) ? PROVEN_LISTENER : answerVerifier(endpoint.key);
      });
      if (typeof answer === 'string') return answer;
      check ??= answerVerifier(endpoint.key);
      return check(nonce, answer.body, answer.signature) ? { json: answer.body } : notTheInstance(target.host);
    },
    async endSession(body, timeoutMs) {
      const endpoint = readEndpoint(home);
      const target = endpoint ? loopbackUrl(endpoint.url, `/v1/hooks/${cli}/session-end`) : null;
      if (endpoint && target) await send(target, endpoint.token, freshNonce(), body, timeoutMs);
    },
  };
}

/** The longest an after-call or session-end report waits for Gatehouse (its after-snapshot). */
const AFTER_TIMEOUT_MS = 60_000;

/** A JSON text's value, or null when it is not JSON. */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The answer check once the kernel has shown the listener is the instance endpoint.json names: its answer is its own. */
const PROVEN_LISTENER: AnswerCheck = () => true;

/** Why there is no answer when Gatehouse gave none within the hook's limit (both channels say it alike). */
export function noAnswerWithin(timeoutMs: number): string {
  return `no answer from Gatehouse within ${Math.round(timeoutMs / 1000)} s`;
}

/** Why there is no answer when the hook route answered with an HTTP error (both channels say it alike). */
export function answeredStatus(host: string, status: number): string {
  return `Gatehouse at ${host} answered HTTP ${status}`;
}

/** A signed answer as received: its body and signature header. */
export interface SignedAnswer {
  body: string;
  signature: string | undefined;
}

/**
 * POSTs `body` (or GETs when it is null) with a fresh nonce; resolves with the body and signature of a 200 JSON
 * answer, or why there is none. `whileWaiting` runs once the question is sent, while Gatehouse decides.
 */
export function send(url: URL, token: string, nonce: string, body: string | null, timeoutMs: number, whileWaiting?: () => void): Promise<SignedAnswer | string> {
  return new Promise((resolve) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    // `ended`: the server closed the connection; our side is closed a turn later, after the answer was handed over (a
    // hook has exited by then: closing the socket first costs it ~1 ms, most of it node's stream teardown).
    const finish = (value: SignedAnswer | string, ended = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ended) setImmediate(() => socket.destroy());
      else socket.destroy();
      resolve(value);
    };
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, [NONCE_HEADER]: nonce };
    if (body !== null) headers['content-type'] = 'application/json';
    const socket = connect({ host: url.hostname, port: Number(url.port || 80), allowHalfOpen: true }, () => {
      // write, not end: a half-closed socket reads to the server as an agent that stopped waiting.
      socket.write(http1Request(body === null ? 'GET' : 'POST', url.host, url.pathname + url.search, headers, body));
      whileWaiting?.();
    });
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES + 64 * 1024) finish(TOO_LARGE);
      else chunks.push(chunk);
    });
    socket.on('end', () => {
      const res = parseHttp1Response(Buffer.concat(chunks));
      if (res === null) return finish(`Gatehouse at ${url.host} sent no complete answer`, true);
      if (res.status !== 200 || !(res.headers['content-type'] ?? '').startsWith('application/json')) {
        return finish(answeredStatus(url.host, res.status), true);
      }
      if (res.body.length > MAX_ANSWER_BYTES) return finish(TOO_LARGE, true);
      finish({ body: res.body.toString('utf8'), signature: res.headers[SIGNATURE_HEADER] }, true);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => finish(`cannot reach Gatehouse at ${url.host} (${e.code ?? e.message}); is it running?`));
    const timer = setTimeout(() => finish(noAnswerWithin(timeoutMs)), timeoutMs);
  });
}

/**
 * Whether the Gatehouse that endpoint.json names answers and proves it is that instance (GET /v1/instance, signed):
 * what every hook relies on, checked without submitting a request. Returns null when it does, else the problem.
 */
export async function probeInstance(home: string, timeoutMs: number): Promise<string | null> {
  const endpoint = readEndpoint(home);
  if (!endpoint) return `no usable endpoint.json in ${home}: Gatehouse is not running there`;
  const target = loopbackUrl(endpoint.url, '/v1/instance');
  if (!target) return `endpoint.json names ${endpoint.url}, which is not this machine`;
  const nonce = freshNonce();
  const answer = await send(target, endpoint.token, nonce, null, timeoutMs);
  if (typeof answer === 'string') return answer;
  if (!answerVerifier(endpoint.key)(nonce, answer.body, answer.signature)) {
    return notTheInstance(target.host);
  }
  return null;
}
