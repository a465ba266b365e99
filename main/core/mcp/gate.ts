// The MCP proxy's line to the running Gatehouse, with the agent token of endpoint.json: submit a tool call and wait
// for the person, and ask which tools deny rules hide. Every failure is an error the proxy turns into a refusal.
import { Agent, request } from 'node:http';
import { readEndpoint } from '../endpoint/endpoint.js';

/** What Gatehouse answered for a tool call. */
export interface GateAnswer {
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'cancelled';
  verdict: { reasons: string[] };
  decision?: { reason?: string; updated_args?: Record<string, unknown> };
}

/** Calls Gatehouse found through GATEHOUSE_HOME. */
export class Gate {
  // One kept-alive connection for the proxy's life: a tool call should not pay a TCP handshake.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });
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

  /** Drops the kept-alive connection (the proxy is ending). */
  close(): void {
    this.agent.destroy();
  }

  /** The names among `tools` that deny rules hide for this server. */
  async hidden(server: string, tools: string[]): Promise<Set<string>> {
    const answer = (await this.call('POST', '/v1/mcp/hidden', { server, tools })) as { hidden?: unknown };
    return new Set(Array.isArray(answer.hidden) ? answer.hidden.filter((t): t is string => typeof t === 'string') : []);
  }

  private call(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const endpoint = readEndpoint(this.home);
    if (!endpoint) return Promise.reject(new Error(`Gatehouse is not running (no endpoint.json in ${this.home})`));
    const url = new URL(path, endpoint.url);
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      return Promise.reject(new Error(`endpoint.json names ${endpoint.url}, which is not this machine`));
    }
    const text = body === undefined ? '' : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          ...(signal ? { signal } : {}),
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
            authorization: `Bearer ${endpoint.token}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = JSON.parse(raw);
            } catch {
              reject(new Error(`Gatehouse answered HTTP ${res.statusCode} with something that is not JSON`));
              return;
            }
            if (res.statusCode === 200) resolve(parsed);
            else reject(new Error(`Gatehouse answered HTTP ${res.statusCode}: ${(parsed as { error?: string }).error ?? raw.slice(0, 200)}`));
          });
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => reject(new Error(e.name === 'AbortError' ? 'the call was withdrawn' : `cannot reach Gatehouse (${e.code ?? e.message})`)));
      req.end(text);
    });
  }
}
