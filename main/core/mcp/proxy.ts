// `gatehouse mcp-proxy`: an MCP server put behind the gate. Towards the agent it is an MCP server (stdio); towards
// the real server it is an MCP client (stdio to a child process, or Streamable HTTP to a URL). tools/list hides what deny rules refuse whole; tools/call is decided by
// Gatehouse as `mcp__NAME__TOOL` (the person reviews the tool's description, schema and annotations — annotations are
// the server's claims and never allow anything); everything else passes through unchanged.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ResultSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { Gate } from './gate.js';

/** How long one call may wait for the person (the HTTP wait route's own limit). */
const WAIT_SECONDS = 600;
/** While a call waits, a progress notification this often keeps the agent from timing out (when it asked for them). */
const PROGRESS_MS = 10_000;
/** How often the hidden set is re-checked, so a rule change reaches the agent as tools/list_changed. */
const RULES_POLL_MS = 5_000;

/** What the proxy needs. */
export interface ProxyOptions {
  /** The server's name in rules: `mcp__NAME__TOOL`. */
  name: string;
  /** The real server: a child process speaking MCP on stdio, or a Streamable HTTP endpoint. */
  upstream: { command: string; args: string[] } | { url: URL };
  /** GATEHOUSE_HOME, where endpoint.json names the running Gatehouse. */
  home: string;
  /** Towards the agent (default: this process's stdio). */
  agentTransport?: Transport;
}

/** A refusal the model reads as the tool's result (not a protocol error, so it can adapt). */
function refusal(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Starts the proxy; resolves once both sides are connected, with a function that stops it. */
export async function startProxy(opts: ProxyOptions): Promise<{ close(): Promise<void>; closed: Promise<void> }> {
  const gate = new Gate(opts.home);
  const session = `mcp-${opts.name}-${randomUUID()}`;
  const upstream = new Client(
    { name: 'gatehouse-mcp-proxy', version: '0.1.0' },
    { capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } } },
  );
  const transport = 'url' in opts.upstream
    ? new StreamableHTTPClientTransport(opts.upstream.url)
    : new StdioClientTransport({ command: opts.upstream.command, args: opts.upstream.args, stderr: 'inherit' });
  await upstream.connect(transport);

  const server = new Server(
    { name: `gatehouse:${opts.name}`, version: '0.1.0' },
    {
      capabilities: { ...(upstream.getServerCapabilities() ?? {}), tools: { listChanged: true } },
      ...(upstream.getInstructions() ? { instructions: upstream.getInstructions() } : {}),
    },
  );
  const known = new Map<string, Tool>();
  let hidden = new Set<string>();

  server.setRequestHandler(ListToolsRequestSchema, async (req, extra) => {
    const listed = await upstream.listTools(req.params, { signal: extra.signal });
    for (const t of listed.tools) known.set(t.name, t);
    hidden = await gate.hidden(opts.name, [...known.keys()]);
    return { ...listed, tools: listed.tools.filter((t) => !hidden.has(t.name)) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const { name, arguments: args = {} } = req.params;
    const tool = known.get(name);
    const presentation = {
      type: 'structured',
      content: JSON.stringify({ tool: name, description: tool?.description ?? null, inputSchema: tool?.inputSchema ?? null, annotations: tool?.annotations ?? null }, null, 2),
      metadata: { mcp_server: opts.name, annotations_are_claims: true },
    };
    const token = req.params._meta?.progressToken;
    let beat = 0;
    const progress = token === undefined ? undefined : setInterval(() => {
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: ++beat, message: 'waiting for the person to decide in Gatehouse' } });
    }, PROGRESS_MS);
    let answer;
    try {
      answer = await gate.submit(
        { tool_name: `mcp__${opts.name}__${name}`, args, agent: 'mcp', session_id: session, cwd: process.cwd(), ...(tool?.description ? { description: tool.description } : {}), presentation },
        WAIT_SECONDS,
        extra.signal,
      );
    } catch (err) {
      return refusal(`Gatehouse did not approve this call, so it was not made: ${(err as Error).message}`);
    } finally {
      clearInterval(progress);
    }
    if (answer.status !== 'approved') {
      const why = answer.decision?.reason ?? answer.verdict.reasons.join('; ');
      return refusal(answer.status === 'pending' ? 'No decision in time; the call was not made.' : `Gatehouse ${answer.status} this call: ${why}`);
    }
    // The person may have edited the arguments: those are what the server receives.
    return upstream.callTool({ name, arguments: answer.decision?.updated_args ?? args }, undefined, { signal: extra.signal });
  });

  // Everything else, both ways, unchanged: resources, prompts, completions, logging, ping; sampling, elicitation, roots.
  server.fallbackRequestHandler = (req, extra) => upstream.request({ method: req.method, params: req.params }, ResultSchema, { signal: extra.signal });
  upstream.fallbackRequestHandler = (req, extra) => server.request({ method: req.method, params: req.params }, ResultSchema, { signal: extra.signal });
  server.fallbackNotificationHandler = (n) => upstream.notification(n as Parameters<typeof upstream.notification>[0]);
  upstream.fallbackNotificationHandler = (n) => server.notification(n as Parameters<typeof server.notification>[0]);

  // A rule change that hides or shows a tool reaches the agent as tools/list_changed.
  const poll = setInterval(() => {
    if (known.size === 0) return;
    void gate.hidden(opts.name, [...known.keys()]).then(
      (now) => {
        if (now.size !== hidden.size || [...now].some((t) => !hidden.has(t))) {
          hidden = now;
          void server.sendToolListChanged().catch(() => undefined);
        }
      },
      () => undefined,
    );
  }, RULES_POLL_MS);
  poll.unref();

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      clearInterval(poll);
      await Promise.allSettled([upstream.close(), server.close()]);
      gate.close();
    })());
  const closed = new Promise<void>((resolve) => {
    // The upstream's exit ends the proxy (its pending calls fail with the SDK's "connection closed" error).
    upstream.onclose = () => void close().then(resolve);
    server.onclose = () => void close().then(resolve);
  });
  await server.connect(opts.agentTransport ?? new StdioServerTransport());
  return { close, closed };
}
