// The MCP proxy's line to the running Gatehouse, with the agent token of endpoint.json: submit a tool call and wait
// for the person, ask which tools deny rules hide, and get the server's command wrapped in the sandbox. Every answer must be signed over a fresh nonce by the instance
// endpoint.json names (as the hook checks it): after a crash, a program on the freed port is believed in nothing.
// Every failure is an error the proxy turns into a refusal.
import { readEndpoint, type Endpoint } from '../endpoint/endpoint.js';
import { endpointStamp } from '../endpoint/endpoint-stamp.js';
import { answerVerifier, NONCE_HEADER, notTheInstance, SIGNATURE_HEADER, type AnswerCheck } from '../endpoint/instance-key.js';
import { loopbackUrl } from '../endpoint/loopback.js';
import { http1Request } from '../hook-client/http1.js';
import { freshNonce } from '../hook-client/nonce.js';
import { KeepAliveHttp } from './keep-alive.js';

/** What Gatehouse answered for a tool call. */
export interface GateAnswer {
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'cancelled';
  verdict: { reasons: string[] };
  decision?: { reason?: string; decided_by?: string; updated_args?: Record<string, unknown> };
}

/** Where to send requests, the credential to send and the check of the instance's signature, or why there is no Gatehouse to ask. */
type Target = { host: string; port: number; authorization: string; check: AnswerCheck } | { error: string };

/** The target endpoint.json names, in `home`. */
function targetOf(endpoint: Endpoint | null, home: string): Target {
  if (!endpoint) return { error: `Gatehouse is not running (no endpoint.json in ${home})` };
  const url = loopbackUrl(endpoint.url, '/');
  if (!url) return { error: `endpoint.json names ${endpoint.url}, which is not this machine (Gatehouse serves plain http on 127.0.0.1)` };
  return { host: url.hostname, port: Number(url.port) || 80, authorization: `Bearer ${endpoint.token}`, check: answerVerifier(endpoint.key) };
}

/** Calls Gatehouse found through GATEHOUSE_HOME. */
export class Gate {
  // Kept-alive connections for the proxy's life: a tool call should not pay a TCP handshake.
  private readonly http = new KeepAliveHttp();
  /** endpoint.json as last read; read again only once it changed (a stat per call, not a read, a parse and a URL). */
  private cached: { stamp: string; target: Target } | undefined;
  constructor(private readonly home: string) {}

  /** Submits a call and waits up to `seconds` for the person; an aborted `signal` withdraws it from the queue. */
  async submit(body: Record<string, unknown>, seconds: number, signal?: AbortSignal): Promise<GateAnswer> {
    const submitted = (await this.call('POST', '/v1/requests', body)) as GateAnswer & { id: string };
    if (submitted.status !== 'pending') return submitted;
    try {
      return (await this.call('GET', `/v1/requests/${encodeURIComponent(submitted.id)}?wait=${seconds}`, undefined, signal)) as GateAnswer;
    } catch (err) {
      if (signal?.aborted) await this.call('POST', `/v1/requests/${encodeURIComponent(submitted.id)}/withdraw`, {}).catch(() => undefined);
      throw err;
    }
  }

  /** Drops the kept-alive connections (the proxy is ending). */
  close(): void {
    this.http.close();
  }

  /** The names among `tools` that deny rules hide for this server. */
  async hidden(server: string, tools: string[]): Promise<Set<string>> {
    const answer = (await this.call('POST', '/v1/mcp/hidden', { server, tools })) as { hidden?: unknown };
    return new Set(Array.isArray(answer.hidden) ? answer.hidden.filter((t): t is string => typeof t === 'string') : []);
  }

  /** The server command `argv` (started in `cwd`) wrapped in the OS sandbox of the running Gatehouse: a line for `/bin/sh -c`. */
  async sandboxed(server: string, argv: string[], cwd: string): Promise<string> {
    const answer = (await this.call('POST', '/v1/mcp/sandbox', { server, command: argv, cwd })) as { command?: unknown };
    if (typeof answer.command !== 'string' || answer.command === '') throw new Error('Gatehouse answered without a sandboxed command');
    return answer.command;
  }

  private target(): Target {
    const stamp = endpointStamp(this.home);
    if (stamp === undefined) return targetOf(null, this.home);
    if (this.cached?.stamp !== stamp) this.cached = { stamp, target: targetOf(readEndpoint(this.home), this.home) };
    return this.cached.target;
  }

  private async call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const target = this.target();
    if ('error' in target) throw new Error(target.error);
    const text = body === undefined ? null : JSON.stringify(body);
    const nonce = freshNonce();
    const headers: Record<string, string> = { authorization: target.authorization, [NONCE_HEADER]: nonce };
    if (text !== null) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await this.http.exchange(target.host, target.port, http1Request(method, `${target.host}:${target.port}`, path, headers, text, true), signal);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new Error(e.name === 'AbortError' ? 'the call was withdrawn' : `cannot reach Gatehouse (${e.code ?? e.message})`);
    }
    const raw = res.body.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`Gatehouse answered HTTP ${res.status} with something that is not JSON`);
    }
    if (res.status !== 200) throw new Error(`Gatehouse answered HTTP ${res.status}: ${(parsed as { error?: string }).error ?? raw.slice(0, 200)}`);
    if (!target.check(nonce, raw, res.headers[SIGNATURE_HEADER])) throw new Error(notTheInstance(`${target.host}:${target.port}`));
    return parsed;
  }
}
