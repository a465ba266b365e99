// A scripted "model" on 127.0.0.1 for the real agents: it asks for one tool call, then ends the turn, and records
// what the agent sent back as the tool's result (so a test can see the reason Gatehouse gave reached the model).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one tool call the model makes in the next run, in the agent's own tool vocabulary. */
export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

/** What a provider module sees of the running model. */
export interface ModelState {
  /** The call to make when the agent offers tools and no tool result is in the conversation yet. */
  call: ScriptedCall | null;
  /** Tool results the agent sent back, as text, in order. */
  toolResults: string[];
  /** Every request path seen (to debug an agent that went elsewhere). */
  seen: string[];
  /** The body of every request since the last script(), as sent: what the model was told (an edit's note, say). */
  requests: string[];
}

/** Answers one request; returns false when the path is not this provider's. */
export type ProviderHandler = (req: IncomingMessage, body: unknown, res: ServerResponse, state: ModelState) => boolean;

/** A running scripted model. */
export interface ScriptedModel extends ModelState {
  port: number;
  url: string;
  /** Sets the next run's call and forgets the previous run's results. */
  script(call: ScriptedCall | null): void;
  close(): Promise<void>;
}

/** Starts the model with one provider's protocol on 127.0.0.1:0. */
export async function startModel(handler: ProviderHandler): Promise<ScriptedModel> {
  const state: ModelState = { call: null, toolResults: [], seen: [], requests: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.seen.push(`${req.method} ${req.url}`);
      state.requests.push(Buffer.concat(chunks).toString('utf8'));
      let body: unknown = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      } catch {
        body = null;
      }
      if (!handler(req, body, res, state)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"not scripted"}}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    url: `http://127.0.0.1:${port}`,
    script(call: ScriptedCall | null) {
      state.call = call;
      state.toolResults.length = 0;
      state.requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Writes server-sent events, each `event:` named when a name is given. */
export function sendSse(res: ServerResponse, events: Array<{ event?: string; data: unknown }>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

/** Writes a JSON answer. */
export function sendJson(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Any value as text (tool results come as strings, arrays of blocks or objects). */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
