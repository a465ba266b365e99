// What the proxy learns from the messages it passes on, without changing them: the agent's name (its `initialize`
// answer), each session's folder (the editor's `session/new`, `session/load`, `session/resume`), and each tool call's
// kind, title, input, locations and content as the agent's `tool_call` updates describe it (a permission request may carry only
// the fields that changed, as ACP's ToolCallUpdate allows).
import type { AcpToolCall } from './translate.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Tool calls remembered at most (oldest forgotten first): an agent cannot grow the proxy without bound. */
const MAX_CALLS = 1000;
/** Editor requests awaiting the agent's answer that the proxy reads; more are not followed. */
const MAX_WATCHED = 1000;
const CALL_FIELDS = ['title', 'kind', 'rawInput', 'locations', 'content'] as const;

/** `known` with the fields `update` carries over it. */
function withFields(known: AcpToolCall | undefined, update: Obj): AcpToolCall {
  const out: AcpToolCall = { ...known };
  for (const k of CALL_FIELDS) if (update[k] !== undefined && update[k] !== null) out[k] = update[k];
  return out;
}

/** The agent's name as Gatehouse records it: `acp:` and letters, digits, `.`, `_`, `-` (never a hook agent's name). */
function agentField(name: string): string {
  const clean = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `acp:${clean || 'agent'}`;
}

/** The proxy's knowledge of one connection. */
export class Traffic {
  /** The name from `--agent`, else the agent's `initialize` agentInfo.name, else the command's. */
  private name: string;
  private readonly named: boolean;
  /** Editor request id → what its answer tells. */
  private readonly watched = new Map<string | number, { method: 'initialize' } | { method: 'session/new'; cwd: string }>();
  private readonly cwds = new Map<string, string>();
  private readonly calls = new Map<string, AcpToolCall>();

  constructor(name: string, named: boolean) {
    this.name = name;
    this.named = named;
  }

  /** The agent field of requests from this connection. */
  get agent(): string {
    return agentField(this.name);
  }

  /** The folder a session was opened in, or null when the proxy did not see it. */
  cwd(sessionId: string): string | null {
    return this.cwds.get(sessionId) ?? null;
  }

  /** The tool call as known so far, with `update`'s fields over it. */
  toolCall(sessionId: string, update: Obj): AcpToolCall {
    const id = update['toolCallId'];
    return withFields(typeof id === 'string' ? this.calls.get(`${sessionId}\0${id}`) : undefined, update);
  }

  /** Reads an editor → agent message. */
  fromEditor(m: unknown): void {
    if (!isObject(m) || typeof m['method'] !== 'string') return;
    const params = isObject(m['params']) ? m['params'] : {};
    const watch = (what: { method: 'initialize' } | { method: 'session/new'; cwd: string }): void => {
      if (isId(m['id']) && this.watched.size < MAX_WATCHED) this.watched.set(m['id'], what);
    };
    if (m['method'] === 'initialize') watch({ method: 'initialize' });
    else if (m['method'] === 'session/new' && typeof params['cwd'] === 'string') watch({ method: 'session/new', cwd: params['cwd'] });
    else if ((m['method'] === 'session/load' || m['method'] === 'session/resume') && typeof params['sessionId'] === 'string' && typeof params['cwd'] === 'string') {
      this.cwds.set(params['sessionId'], params['cwd']);
    }
  }

  /** Reads an agent → editor message (not a permission request: the proxy answers those). */
  fromAgent(m: unknown): void {
    if (!isObject(m)) return;
    if (m['method'] === 'session/update') return this.update(m['params']);
    if ('method' in m || !isId(m['id']) || !this.watched.has(m['id'])) return;
    const what = this.watched.get(m['id'])!;
    this.watched.delete(m['id']);
    const result = isObject(m['result']) ? m['result'] : null;
    if (result === null) return;
    if (what.method === 'initialize') {
      const info = result['agentInfo'];
      if (!this.named && isObject(info) && typeof info['name'] === 'string' && info['name'] !== '') this.name = info['name'];
    } else if (typeof result['sessionId'] === 'string') {
      this.cwds.set(result['sessionId'], what.cwd);
    }
  }

  private update(params: unknown): void {
    if (!isObject(params) || typeof params['sessionId'] !== 'string' || !isObject(params['update'])) return;
    const u = params['update'];
    if ((u['sessionUpdate'] !== 'tool_call' && u['sessionUpdate'] !== 'tool_call_update') || typeof u['toolCallId'] !== 'string') return;
    const key = `${params['sessionId']}\0${u['toolCallId']}`;
    if (u['status'] === 'completed' || u['status'] === 'failed') {
      this.calls.delete(key);
      return;
    }
    // `tool_call` starts a call afresh; `tool_call_update` changes the fields it carries.
    const merged = withFields(u['sessionUpdate'] === 'tool_call' ? undefined : this.calls.get(key), u);
    this.calls.delete(key);
    this.calls.set(key, merged);
    if (this.calls.size > MAX_CALLS) this.calls.delete(this.calls.keys().next().value!);
  }
}
