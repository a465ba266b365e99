// startServer: the HTTP face of a core on 127.0.0.1 (agents with the agent token; the person with the approver
// token or a login cookie in web mode).
import type { Core } from '../core.js';
import type { Endpoint } from '../endpoint/endpoint.js';
import { createInstanceKey } from '../endpoint/instance-key.js';
import { ownListener } from '../endpoint/listener.js';
import { createApp } from './app.js';
import { registerAgentRoutes } from './routes/agent.js';
import { registerApproverRoutes } from './routes/approver.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerMcpRoutes } from './routes/mcp.js';
import { registerNativeHookRoutes } from './routes/native-hook.js';
import { registerSystemRoutes } from './routes/system.js';
import { registerUndoRoutes } from './routes/undo.js';
import { ApproverSessions } from './sessions.js';

/** How to serve. */
export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Only loopback: Gatehouse is never reachable from the network. */
  host?: '127.0.0.1';
  /** The agent token (written to endpoint.json by the caller). */
  agentToken: string;
  /** The approver bearer token (GATEHOUSE_APPROVER_TOKEN); never written to disk. */
  approverToken?: string;
  /** The built renderer (dist/renderer) to serve at `/`. */
  staticDir?: string;
}

/** A listening server. */
export interface RunningServer {
  url: string;
  port: number;
  /** A fresh one-time login URL (valid 10 minutes, single use) that opens an approver session in a browser. */
  loginUrl(): string;
  /** This instance's public key, for endpoint.json: hooks verify the answers it signs. */
  publicKey: string;
  /** What endpoint.json should say for this server: how hooks reach it and tell it from an impostor. */
  endpoint: Endpoint;
  /** Stops accepting, ends event streams, and waits for in-flight requests. */
  close(): Promise<void>;
}

/** Starts the HTTP server for a core. */
export async function startServer(core: Core, opts: ServerOptions): Promise<RunningServer> {
  if (opts.agentToken.length < 16) throw new Error('the agent token is too short (use 32 random bytes)');
  if (opts.approverToken !== undefined && opts.approverToken.length < 16) {
    throw new Error('GATEHOUSE_APPROVER_TOKEN is too short: use at least 16 random characters');
  }
  if (opts.approverToken !== undefined && opts.approverToken === opts.agentToken) {
    throw new Error('the approver token must differ from the agent token');
  }
  let port = 0;
  const sessions = new ApproverSessions();
  const key = createInstanceKey();
  const app = await createApp({
    agentToken: opts.agentToken,
    approverToken: opts.approverToken,
    sessions,
    metrics: core.metrics,
    port: () => port,
  });
  registerAgentRoutes(app, core, key);
  registerNativeHookRoutes(app, core, () => `127.0.0.1:${port}`);
  registerMcpRoutes(app, core, key);
  registerApproverRoutes(app, core);
  registerAuditRoutes(app, core);
  registerUndoRoutes(app, core);
  await registerSystemRoutes(app, core, sessions, opts.staticDir);

  try {
    await app.listen({ port: opts.port, host: '127.0.0.1' });
  } catch (err) {
    await app.close(); // a port another program holds: nothing of this attempt stays behind
    throw err;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server did not bind a TCP port');
  port = address.port;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | null = null;
  const listener = ownListener(port);
  const endpoint: Endpoint = { url, token: opts.agentToken, pid: process.pid, key: key.publicKey, ...(listener ? { listener } : {}) };
  return {
    url,
    port,
    loginUrl: () => `${url}/login?code=${sessions.issueCode()}`,
    publicKey: key.publicKey,
    endpoint,
    close: () => (closing ??= app.close()),
  };
}
