// `mcp-proxy --sandbox`: the MCP server's command line wrapped by the sandbox hosted in this (serve) process, for the
// proxy to spawn. Decision: the proxy asks serve (POST /v1/mcp/sandbox) rather than running sandbox-runtime itself.
// The wrapped line reaches serve's network proxies, so a host no rule allows becomes a Gatehouse question the person
// answers, as for a contained command; the profile comes from serve's rules and workspace facts; what the sandbox
// refuses joins an audit entry. A proxy with its own SandboxManager would need its own proxies, its own ask channel
// back to Gatehouse, and the policy's probes — a second copy of the host. The price: the server's network goes through
// the serve that started it (restarting serve cuts it; the proxy then sees its server end, as when it crashes).
import path from 'node:path';
import { homedir } from 'node:os';
import type { RequestRecord, Rule } from '../../../common/domain.js';
import { ConflictError, InputError } from '../broker/errors.js';
import type { SubmitInput } from '../broker/submit-input.js';
import { shellQuote } from '../shell/words/argv.js';
import { describeProfile } from './describe.js';
import type { ContainmentHost } from './host.js';
import { serverProfile } from './server-profile.js';

/** The server the proxy would start: its name in rules, its command line and the proxy's working directory. */
export interface ServerToContain {
  name: string;
  argv: string[];
  cwd: string;
}

/** The command line to run with `/bin/sh -c`, and the audit entry the sandbox's refusals join. */
export interface ContainedServer {
  command: string;
  id: string;
}

/** What containServer needs from the core. */
export interface ContainDeps {
  host: ContainmentHost | undefined;
  rules(): Rule[];
  /** Puts the start on record (decided by policy); its id attributes the refusals. */
  record(input: SubmitInput, reason: string): Promise<RequestRecord>;
  gatehouseHome: string;
  now(): Date;
}

/**
 * The server's command wrapped in its profile (server-profile.ts). Throws ConflictError where the sandbox does not
 * run — the proxy then refuses to start the server, never starts it unsandboxed — and InputError for a server that
 * has no project folder to work in.
 */
export async function containServer(server: ServerToContain, deps: ContainDeps): Promise<ContainedServer> {
  const state = deps.host?.status() ?? { ready: false, why: 'this Gatehouse process hosts no sandbox (`gatehouse serve` does)' };
  if (!deps.host || !state.ready) throw new ConflictError(`the OS sandbox is not running in this Gatehouse: ${state.ready ? '' : state.why} (see \`gatehouse doctor\`)`);
  if (!path.isAbsolute(server.cwd) || server.argv.length === 0) throw new InputError('a sandboxed server needs a command and an absolute working directory');
  let profile;
  try {
    profile = await serverProfile(server.argv, server.cwd, { rules: deps.rules(), home: homedir(), gatehouseHome: deps.gatehouseHome, now: deps.now() });
  } catch (e) {
    throw new InputError(`MCP server ${server.name} cannot run sandboxed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const entry = await deps.record(
    { agent: 'mcp', tool_name: 'McpServer', args: { server: server.name, command: server.argv }, cwd: server.cwd, session_id: null },
    `MCP server ${server.name} started in the OS sandbox: ${describeProfile(profile)}`,
  );
  // `exec`: the server replaces the sandbox's shell, so the proxy's stdio and signals reach it directly.
  const command = await deps.host.wrap(`exec ${server.argv.map(shellQuote).join(' ')}`, profile, entry.request.id);
  return { command, id: entry.request.id };
}
