// Shared test helpers: a real core + server on 127.0.0.1:0 in a temp GATEHOUSE_HOME, a real git workspace, raw HTTP.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { GatehouseEvent, RuleSuggestion } from '../../../common/api.js';
import { createCore, type Core, type CoreOptions } from '../../../main/core/core.js';
import { newSecret } from '../../../main/core/server/auth.js';
import { startServer, type RunningServer } from '../../../main/core/server/server.js';
import { CLAUDE_FIXTURES_DIR, MAKE_WORKSPACE_SCRIPT } from '../../../bench/support/fixtures.js';

/** The Claude Code hook events in test/fixtures. */
export const FIXTURES = CLAUDE_FIXTURES_DIR;
const MAKE_WORKSPACE = MAKE_WORKSPACE_SCRIPT;

/** A fresh temp dir, removed by the returned cleanup. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Builds the corpus workspace (a real git repo) under a temp root; returns its path and a cleanup. */
export function makeWorkspace(): { ws: string; root: string; cleanup(): void } {
  const root = tempDir('gatehouse-ws-');
  const ws = execFileSync('bash', [MAKE_WORKSPACE, root], { encoding: 'utf8' }).trim();
  return { ws, root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A fixture event with {{WS}} replaced. */
export function fixture(name: string, ws: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8').replaceAll('{{WS}}', ws)) as Record<string, unknown>;
}

/** Response of a raw HTTP call. */
export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** A raw HTTP call (node:http, so Host/Origin and the body bytes are fully under the test's control). */
export function http(
  port: number,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: Buffer | string; headers?: Record<string, string | string[]>; setHost?: boolean } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const headers: Record<string, string | string[] | number> = { ...(opts.headers ?? {}) };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: opts.setHost ?? true, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A running Gatehouse for a test. */
export interface TestGatehouse {
  core: Core;
  server: RunningServer;
  port: number;
  home: string;
  agentToken: string;
  approverToken: string;
  /** As the agent. */
  agent(method: string, path: string, body?: unknown): Promise<HttpResult>;
  /** As the person. */
  approver(method: string, path: string, body?: unknown): Promise<HttpResult>;
  close(): Promise<void>;
}

/** Starts core + server in a temp home (or the given one). */
export async function startGatehouse(opts: Partial<CoreOptions> & { staticDir?: string } = {}): Promise<TestGatehouse> {
  const ownHome = opts.home === undefined;
  const home = opts.home ?? tempDir('gatehouse-home-');
  const core = await createCore({ ...opts, home });
  const agentToken = newSecret();
  const approverToken = newSecret();
  const server = await startServer(core, { port: 0, agentToken, approverToken, ...(opts.staticDir ? { staticDir: opts.staticDir } : {}) });
  let closed = false;
  return {
    core,
    server,
    port: server.port,
    home,
    agentToken,
    approverToken,
    agent: (method, path, body) => http(server.port, method, path, { token: agentToken, body }),
    approver: (method, path, body) => http(server.port, method, path, { token: approverToken, body }),
    async close() {
      if (closed) return;
      closed = true;
      const closing = server.close();
      await core.close();
      await closing;
      if (ownHome) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The next event of a type, as a promise (tests wait on events, never on sleeps). */
export function nextEvent<T extends GatehouseEvent['type']>(core: Core, type: T): Promise<Extract<GatehouseEvent, { type: T }>> {
  return new Promise((resolve) => core.events.once(type, resolve));
}

/** A tool call as an agent sends it. */
export interface ToolCall {
  tool_name: string;
  args: Record<string, unknown>;
}

/** A Bash call of `command`. */
export const bash = (command: string): ToolCall => ({ tool_name: 'Bash', args: { command } });

/** What POST /v1/requests answers right away (the call is not waited on). */
export interface Submitted {
  id: string;
  status: string;
  verdict: { decision: string; reasons: string[] };
}

/** A request as GET /v1/requests/:id shows it to the person. */
export interface ShownRequest {
  request: { id: string };
  status: string;
  released?: string[];
  decision?: { decided_by: string; reason?: string; rule_id?: string };
}

/** The grant tests' world: the agent submits to this test's Gatehouse, the person decides. */
export interface GrantLifecycle {
  /** The corpus workspace (one for the file). */
  readonly ws: string;
  /** The temp folder around it (for paths outside the workspace). */
  readonly root: string;
  /** This test's Gatehouse (a fresh one each test). */
  readonly g: TestGatehouse;
  /** Submits `call` as Claude Code in session s1 from the workspace (`fields` override any of these), no waiting. */
  submit(call: ToolCall, fields?: Record<string, unknown>): Promise<Submitted>;
  /** Submits like `submit` and checks the call is held for the person; its id. */
  held(call: ToolCall, fields?: Record<string, unknown>): Promise<string>;
  /** The rule and grant choices the dialog offers for a request. */
  suggestion(id: string): Promise<RuleSuggestion>;
  /** The person's decision on a request (the raw answer: some tests expect it refused). */
  decide(id: string, decision: Record<string, unknown>): Promise<HttpResult>;
  /** A request as the person sees it now. */
  record(id: string): Promise<ShownRequest>;
}

/**
 * Registers the grant tests' set-up in the calling file: one corpus workspace for the file, a fresh Gatehouse
 * started before each test and closed after it.
 */
export function grantLifecycle(): GrantLifecycle {
  let workspace: ReturnType<typeof makeWorkspace> | undefined;
  let gatehouse: TestGatehouse | undefined;
  beforeAll(() => {
    workspace = makeWorkspace();
  });
  afterAll(() => workspace?.cleanup());
  beforeEach(async () => {
    gatehouse = await startGatehouse();
  });
  afterEach(async () => gatehouse?.close());
  const g = (): TestGatehouse => gatehouse ?? expect.fail('no Gatehouse outside a test');
  const ws = (): string => workspace?.ws ?? expect.fail('no workspace outside a test');
  const submit = async (call: ToolCall, fields: Record<string, unknown> = {}): Promise<Submitted> => {
    const r = await g().agent('POST', '/v1/requests', { agent: 'claude-code', session_id: 's1', cwd: ws(), ...call, ...fields });
    expect(r.status, r.text).toBe(200);
    return r.json as Submitted;
  };
  return {
    get ws() {
      return ws();
    },
    get root() {
      return workspace?.root ?? expect.fail('no workspace outside a test');
    },
    get g() {
      return g();
    },
    submit,
    async held(call, fields) {
      const answer = await submit(call, fields);
      expect(answer.status).toBe('pending');
      return answer.id;
    },
    suggestion: async (id) => (await g().approver('GET', `/v1/requests/${id}/suggest-rule`)).json as RuleSuggestion,
    decide: (id, decision) => g().approver('POST', `/v1/requests/${id}/decision`, decision),
    async record(id) {
      const r = await g().approver('GET', `/v1/requests/${id}`);
      expect(r.status, r.text).toBe(200);
      return r.json as ShownRequest;
    },
  };
}
