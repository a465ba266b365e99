// `gatehouse mcp-proxy`: an MCP server put behind the gate. Towards the agent it is an MCP server (stdio); towards
// the real server it is an MCP client (stdio to a child process, or Streamable HTTP to a URL). tools/list hides what deny rules refuse whole; tools/call is decided by
// Gatehouse before it is relayed (judge.ts, call-relay.ts); everything else passes through unchanged.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, ResultSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { CallRelay } from './call-relay.js';
import { Gate } from './gate.js';
import { InterceptingTransport } from './intercepting-transport.js';
import { gatehouseJudge } from './judge.js';
import { LineServerTransport } from './line-transport.js';

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
  /** Run the stdio server inside the OS sandbox of the running Gatehouse (refuses to start it where that cannot be). */
  sandbox?: boolean;
  /** Towards the agent (default: this process's stdio). */
  agentTransport?: Transport;
}

/**
 * The child process side: the server as it is, or with `sandbox` its command line wrapped by the running Gatehouse
 * (contain-server.ts says why there) and run by `/bin/sh -c`, spawned asynchronously (the wrapped line's network goes
 * through that Gatehouse's proxies). A Gatehouse that cannot wrap it refuses the start: never a server unsandboxed.
 */
async function stdioTransport(upstream: { command: string; args: string[] }, gate: Gate, opts: ProxyOptions): Promise<StdioClientTransport> {
  if (!opts.sandbox) return new StdioClientTransport({ command: upstream.command, args: upstream.args, stderr: 'inherit' });
  let wrapped: string;
  try {
    wrapped = await gate.sandboxed(opts.name, [upstream.command, ...upstream.args], process.cwd());
  } catch (err) {
    gate.close();
    throw new Error(`--sandbox: the server was not started, since it cannot run sandboxed: ${(err as Error).message}`);
  }
  return new StdioClientTransport({ command: '/bin/sh', args: ['-c', wrapped], stderr: 'inherit' });
}

/** Starts the proxy; resolves once both sides are connected, with a function that stops it. */
export async function startProxy(opts: ProxyOptions): Promise<{ close(): Promise<void>; closed: Promise<void> }> {
  const gate = new Gate(opts.home);
  const session = `mcp-${opts.name}-${randomUUID()}`;
  const upstream = new Client(
    { name: 'gatehouse-mcp-proxy', version: '0.1.0' },
    { capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } } },
  );
  const transport = 'url' in opts.upstream ? new StreamableHTTPClientTransport(opts.upstream.url) : await stdioTransport(opts.upstream, gate, opts);
  const known = new Map<string, Tool>();
  let hidden = new Set<string>();
  // tools/call goes through the relay, which sends a call upstream only once Gatehouse approved it; the SDK's Server
  // and Client carry everything else.
  const relay: CallRelay = new CallRelay(
    gatehouseJudge({ gate, server: opts.name, session, known }),
    (m) => agentSide.send(m),
    (m) => upstreamSide.send(m),
  );
  const upstreamSide = new InterceptingTransport(transport, relay.fromUpstream, () => relay.upstreamClosed());
  const agentSide = new InterceptingTransport(opts.agentTransport ?? new LineServerTransport(), relay.fromAgent, () => relay.agentClosed());
  await upstream.connect(upstreamSide);

  const server = new Server(
    { name: `gatehouse:${opts.name}`, version: '0.1.0' },
    {
      capabilities: { ...(upstream.getServerCapabilities() ?? {}), tools: { listChanged: true } },
      ...(upstream.getInstructions() ? { instructions: upstream.getInstructions() } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (req, extra) => {
    const listed = await upstream.listTools(req.params, { signal: extra.signal });
    for (const t of listed.tools) known.set(t.name, t);
    hidden = await gate.hidden(opts.name, [...known.keys()]);
    return { ...listed, tools: listed.tools.filter((t) => !hidden.has(t.name)) };
  });

  // Never reached (the relay takes every tools/call): here so that no tools/call can fall through to the forwarding below.
  server.setRequestHandler(CallToolRequestSchema, () => {
    throw new McpError(ErrorCode.InternalError, 'tools/call is answered by the Gatehouse relay only');
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
  await server.connect(agentSide);
  return { close, closed };
}
