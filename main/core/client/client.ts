// The TypeScript client of Gatehouse's agent API, for apps built on agent SDKs: submit a tool call, wait for the
// person, and get a decision. Typed from the server's own contract (SubmitBody, the agent routes' answer). Every
// answer must be signed by the instance endpoint.json names, and anything short of an approval is a refusal: an
// unreachable or impostor Gatehouse never lets a call run.
import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import { readEndpoint } from '../endpoint/endpoint.js';
import { answerVerifier, NONCE_HEADER, notTheInstance, SIGNATURE_HEADER, type AnswerCheck } from '../endpoint/instance-key.js';
import type { AgentAnswer } from '../server/routes/agent.js';
import type { SubmitBody } from '../server/schemas.js';
import { resolveHome } from '../store/home.js';

/** One tool call to decide (POST /v1/requests): llm-do ApprovalRequest field names are accepted as they are. */
export type SubmitRequest = Static<typeof SubmitBody>;

/** What Gatehouse answers for a request. */
export type { AgentAnswer };

/** The outcome an adapter acts on: run (with the arguments the person approved), or not, with why. */
export type Decision =
  | { approved: true; args: Record<string, unknown>; id: string }
  | { approved: false; reason: string; id: string | null };

/** How to reach Gatehouse: its URL, agent token and public key (endpoint.json), or the folder holding endpoint.json. */
export type ClientOptions = { url: string; token: string; key: string } | { home?: string };

/** Who asks, for the queue and the audit log: the agent field, the session, and the folder the agent works in. */
export interface CallerOptions {
  agent?: string;
  sessionId?: string;
  /** Absolute working directory (default: this process's); Gatehouse judges paths from it and asks without one. */
  cwd?: string;
}

/** A framework's tool call as a Gatehouse request (non-object inputs are wrapped as `{input}`). */
export function toolRequest(toolName: string, input: unknown, caller: CallerOptions, defaultAgent: string): SubmitRequest {
  return {
    tool_name: toolName,
    args: typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : { input },
    agent: caller.agent ?? defaultAgent,
    cwd: caller.cwd ?? process.cwd(),
    ...(caller.sessionId ? { session_id: caller.sessionId } : {}),
  };
}

/** Longest wait one HTTP call makes (the server's own limit); longer waits poll again. */
const WAIT_SLICE_S = 600;

/** A Gatehouse that cannot be used: not running, not this machine, not the instance endpoint.json names. */
export class GatehouseUnavailable extends Error {}

/** The agent side of Gatehouse's HTTP API. */
export class GatehouseClient {
  private readonly url: URL;
  private readonly token: string;
  private readonly check: AnswerCheck;

  constructor(opts: ClientOptions = {}) {
    const endpoint = 'url' in opts ? opts : readEndpoint(opts.home ?? resolveHome(process.env));
    if (!endpoint) throw new GatehouseUnavailable('Gatehouse is not running (no endpoint.json); start it with `npm start` or `gatehouse serve`');
    this.url = new URL(endpoint.url);
    if (this.url.protocol !== 'http:' || (this.url.hostname !== '127.0.0.1' && this.url.hostname !== 'localhost')) {
      throw new GatehouseUnavailable(`endpoint.json names ${endpoint.url}, which is not this machine`);
    }
    this.token = endpoint.token;
    this.check = answerVerifier(endpoint.key);
  }

  /** Submits a tool call; with `wait` seconds, waits that long for the person. */
  submit(request: SubmitRequest, wait = 0, signal?: AbortSignal): Promise<AgentAnswer> {
    return this.call('POST', `/v1/requests${wait > 0 ? `?wait=${Math.min(wait, WAIT_SLICE_S)}` : ''}`, request, signal);
  }

  /** The request as it stands after waiting up to `seconds` for it to end. */
  wait(id: string, seconds: number, signal?: AbortSignal): Promise<AgentAnswer> {
    return this.call('GET', `/v1/requests/${encodeURIComponent(id)}?wait=${Math.min(Math.max(seconds, 0), WAIT_SLICE_S)}`, undefined, signal);
  }

  /** Takes back a request still waiting (the caller stopped caring): it ends as cancelled, never approved. */
  withdraw(id: string): Promise<AgentAnswer> {
    return this.call('POST', `/v1/requests/${encodeURIComponent(id)}/withdraw`, {});
  }

  /**
   * Submits and waits (up to `timeoutSeconds`, default 600) for the decision. Never throws: Gatehouse unreachable,
   * an unsigned answer, a timeout or an abort are refusals with the reason; an abort withdraws the request.
   */
  async decide(request: SubmitRequest, opts: { timeoutSeconds?: number; signal?: AbortSignal } = {}): Promise<Decision> {
    const deadline = Date.now() + (opts.timeoutSeconds ?? 600) * 1000;
    let id: string | null = null;
    try {
      let answer = await this.submit(request, Math.min(opts.timeoutSeconds ?? 600, WAIT_SLICE_S), opts.signal);
      id = answer.id;
      while (answer.status === 'pending' && Date.now() < deadline) answer = await this.wait(answer.id, Math.ceil((deadline - Date.now()) / 1000), opts.signal);
      if (answer.status === 'approved') return { approved: true, args: answer.decision?.updated_args ?? request.args, id: answer.id };
      const why = answer.status === 'pending' ? 'no decision in time' : answer.decision?.reason ?? answer.verdict.reasons.join('; ');
      return { approved: false, reason: `Gatehouse ${answer.status === 'pending' ? 'did not decide' : answer.status}: ${why}`, id: answer.id };
    } catch (err) {
      if (id !== null && opts.signal?.aborted) await this.withdraw(id).catch(() => undefined);
      return { approved: false, reason: `Gatehouse did not approve this call: ${(err as Error).message}`, id };
    }
  }

  private async call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<AgentAnswer> {
    const nonce = randomBytes(24).toString('base64url');
    let res: Response;
    try {
      res = await fetch(new URL(path, this.url), {
        method,
        headers: { authorization: `Bearer ${this.token}`, [NONCE_HEADER]: nonce, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      throw new GatehouseUnavailable(signal?.aborted ? 'the call was withdrawn' : `cannot reach Gatehouse at ${this.url.host} (${(err as Error).message})`);
    }
    const text = await res.text();
    if (res.status !== 200) throw new GatehouseUnavailable(`Gatehouse answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (!this.check(nonce, text, res.headers.get(SIGNATURE_HEADER) ?? undefined)) {
      throw new GatehouseUnavailable(notTheInstance(this.url.host));
    }
    return JSON.parse(text) as AgentAnswer;
  }
}
