// tools/call between the agent and the real server, without the SDK's Server and Client in the way: the call is
// checked, judged (Gatehouse decides and records it), and only then sent upstream under an id of the proxy's own; the
// server's answer goes back to the agent under the agent's id as the server wrote it. The SDK validated and copied
// every call and result four times over on both sides, which was a large part of what the proxy added to a call.
import type { CallToolResult, JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * What the judge says about one call: send it upstream with these arguments (with `note`: the person edited them, and
 * the result the model reads ends with this text), or answer the agent with this result.
 */
export type Judgement = { forward: Record<string, unknown>; note?: string } | { answer: CallToolResult };

/** One tools/call as the agent sent it, for the judge. */
export interface HeldCall {
  name: string;
  args: Record<string, unknown>;
  progressToken: string | number | undefined;
  /** Aborted when the agent cancels the call or goes away. */
  signal: AbortSignal;
  /** Sends the agent a notification (progress while the person decides). */
  notify(message: JSONRPCMessage): void;
}

/** JSON-RPC's invalid-params code, as the SDK answers a malformed tools/call. */
const INVALID_PARAMS = -32602;
/** JSON-RPC's invalid-request code: a second call under an id still in use. */
const INVALID_REQUEST = -32600;
/** JSON-RPC's internal-error code: the judge itself failed (the call is not made). */
const INTERNAL_ERROR = -32603;
/** The SDK's code for a request whose connection closed before its answer. */
const CONNECTION_CLOSED = -32000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The call's name, arguments and progress token, or why the params are not a tools/call's. */
function parseCall(params: unknown): Omit<HeldCall, 'signal' | 'notify'> | string {
  if (!isObject(params)) return 'params must be an object';
  const { name, arguments: args = {}, _meta: meta } = params;
  if (typeof name !== 'string' || name === '') return 'params.name must be a non-empty string';
  if (!isObject(args)) return 'params.arguments must be an object';
  if (meta !== undefined && !isObject(meta)) return 'params._meta must be an object';
  const token = meta?.['progressToken'];
  if (token !== undefined && typeof token !== 'string' && typeof token !== 'number') return 'params._meta.progressToken must be a string or a number';
  return { name, args, progressToken: token };
}

/** The server's result with the edit's note as a last text item (an error answer or a result without content is left as is). */
function withNote(message: JSONRPCMessage, note: string): JSONRPCMessage {
  if (!('result' in message) || !isObject(message.result) || !Array.isArray(message.result['content'])) return message;
  return { ...message, result: { ...message.result, content: [...(message.result['content'] as unknown[]), { type: 'text', text: note }] } };
}

/** A call the relay holds: judged now, or sent upstream under `upstreamId`. */
interface InFlight {
  abort: AbortController;
  upstreamId?: string;
}

/** Relays tools/call; `fromAgent` and `fromUpstream` are the InterceptingTransport claims of the two sides. */
export class CallRelay {
  /** By the agent's request id. */
  private readonly calls = new Map<RequestId, InFlight>();
  /** Upstream id → the agent's id, or null once cancelled (its late answer is dropped). */
  private readonly forwarded = new Map<string, RequestId | null>();
  /** Upstream id → the edit's note its result gets (only while the call is forwarded). */
  private readonly notes = new Map<string, string>();
  private sent = 0;

  constructor(
    private readonly judge: (call: HeldCall) => Promise<Judgement>,
    private readonly toAgent: (message: JSONRPCMessage) => Promise<void>,
    private readonly toUpstream: (message: JSONRPCMessage) => Promise<void>,
  ) {}

  /** Takes every tools/call (a notification-shaped one is dropped: nothing reaches the server undecided) and the agent's cancellations of them. */
  readonly fromAgent = (message: JSONRPCMessage): boolean => {
    if (!('method' in message)) return false;
    if (message.method === 'tools/call') {
      if ('id' in message) void this.run(message.id, message.params);
      return true;
    }
    if (message.method !== 'notifications/cancelled' || 'id' in message) return false;
    const id = message.params?.['requestId'] as RequestId | undefined;
    const call = id === undefined ? undefined : this.calls.get(id);
    if (id === undefined || call === undefined) return false;
    this.cancel(id, call, message.params?.['reason']);
    return true;
  };

  /** Takes the server's answers to the calls this relay sent. */
  readonly fromUpstream = (message: JSONRPCMessage): boolean => {
    if ('method' in message || !('id' in message) || typeof message.id !== 'string' || !this.forwarded.has(message.id)) return false;
    const agentId = this.forwarded.get(message.id);
    const note = this.notes.get(message.id);
    this.forwarded.delete(message.id);
    this.notes.delete(message.id);
    if (agentId === null || agentId === undefined) return true;
    this.calls.delete(agentId);
    this.answer(note === undefined ? { ...message, id: agentId } : withNote({ ...message, id: agentId }, note));
    return true;
  };

  /** The server went away: every call sent to it fails, as the SDK's client failed them. */
  upstreamClosed(): void {
    for (const agentId of this.forwarded.values()) {
      if (agentId === null) continue;
      this.calls.delete(agentId);
      this.answer({ jsonrpc: '2.0', id: agentId, error: { code: CONNECTION_CLOSED, message: 'Connection closed' } });
    }
    this.forwarded.clear();
    this.notes.clear();
  }

  /** The agent went away: calls still waiting for a decision are withdrawn. */
  agentClosed(): void {
    for (const [id, call] of this.calls) this.cancel(id, call, 'the agent disconnected');
  }

  private async run(id: RequestId, params: unknown): Promise<void> {
    const call = parseCall(params);
    if (typeof call === 'string') return this.fail(id, INVALID_PARAMS, `Invalid tools/call request: ${call}`);
    if (this.calls.has(id)) return this.fail(id, INVALID_REQUEST, `request id ${JSON.stringify(id)} is already in use by a call in progress`);
    const entry: InFlight = { abort: new AbortController() };
    this.calls.set(id, entry);
    let judgement: Judgement;
    try {
      judgement = await this.judge({ ...call, signal: entry.abort.signal, notify: (m) => void this.toAgent(m).catch(() => undefined) });
    } catch (err) {
      this.calls.delete(id);
      return this.fail(id, INTERNAL_ERROR, `the call was not made: ${(err as Error).message}`);
    }
    // Cancelled while judged: the agent expects no answer, and nothing goes upstream.
    if (entry.abort.signal.aborted) return;
    if ('answer' in judgement) {
      this.calls.delete(id);
      return this.answer({ jsonrpc: '2.0', id, result: judgement.answer });
    }
    const upstreamId = `gatehouse-${++this.sent}`;
    entry.upstreamId = upstreamId;
    this.forwarded.set(upstreamId, id);
    if (judgement.note !== undefined) this.notes.set(upstreamId, judgement.note);
    await this.toUpstream({ jsonrpc: '2.0', id: upstreamId, method: 'tools/call', params: { name: call.name, arguments: judgement.forward } }).catch((err: unknown) => {
      this.forwarded.delete(upstreamId);
      this.notes.delete(upstreamId);
      this.calls.delete(id);
      this.fail(id, CONNECTION_CLOSED, `the call could not be sent to the server: ${(err as Error).message}`);
    });
  }

  private cancel(id: RequestId, call: InFlight, reason: unknown): void {
    this.calls.delete(id);
    call.abort.abort();
    if (call.upstreamId === undefined) return;
    this.forwarded.set(call.upstreamId, null);
    const params = { requestId: call.upstreamId, ...(typeof reason === 'string' ? { reason } : {}) };
    void this.toUpstream({ jsonrpc: '2.0', method: 'notifications/cancelled', params }).catch(() => undefined);
  }

  private fail(id: RequestId, code: number, message: string): void {
    this.answer({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private answer(message: JSONRPCMessage): void {
    void this.toAgent(message).catch(() => undefined);
  }
}
