// The real @modelcontextprotocol/server-filesystem behind `gatehouse mcp-proxy --sandbox`, in the real OS sandbox
// hosted by a real Gatehouse: given a root that holds a `.env`, and a client that hands it one more root (the MCP
// roots protocol), it reads and writes its project but cannot read the secret nor write outside. Without --sandbox
// the same server does both, which is why the flag exists. Where the sandbox cannot run, the server is not started.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { ContainmentHost } from '../../main/core/sandbox/host.js';
import { networkQuestion } from '../../main/core/sandbox/network-question.js';
import { BIN, BUILT } from '../core/cli/run-cli.js';
import { startGatehouse, type TestGatehouse } from '../core/server/helpers.js';
import { resultText } from './support.js';

const require = createRequire(import.meta.url);
const FILESYSTEM = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');
const SECRET = 'API_KEY=sk-live-never-leaves';

let root: string;
let project: string;
let outside: string;
let g: TestGatehouse;
const saved = { HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
const clients: Client[] = [];

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'gh-mcp-sandbox-')));
  project = join(root, 'project');
  outside = join(root, 'outside');
  for (const d of [project, outside, join(root, 'home'), join(root, 'tmp')]) mkdirSync(d);
  writeFileSync(join(project, 'notes.txt'), 'ordinary notes\n');
  writeFileSync(join(project, '.env'), `${SECRET}\n`);
  // The temp folder the sandbox lets the server write, and the home, kept apart from the folders under test.
  process.env.TMPDIR = join(root, 'tmp');
  process.env.HOME = join(root, 'home');
  const containment = new ContainmentHost();
  g = await startGatehouse({ containment, logger: () => {} });
  expect(await containment.start(networkQuestion(() => g.core), (id, refusal) => g.core.refused(id, refusal))).toEqual({ ready: true });
  writeEndpoint(g.home, g.server.endpoint);
  for (const tool of ['read_text_file', 'write_file', 'list_allowed_directories']) await g.approver('POST', '/v1/rules', { action: 'allow', pattern: `mcp__fs__${tool}` });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await g?.close();
  process.env.HOME = saved.HOME;
  if (saved.TMPDIR === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved.TMPDIR;
  rmSync(root, { recursive: true, force: true });
});

/** An agent's client on `mcp-proxy --name fs [FLAGS] -- node server-filesystem PROJECT`, run in PROJECT, offering `outside` as a root too. */
async function filesystem(flags: string[]): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [project, outside].map((r) => ({ uri: pathToFileURL(r).href })) }));
  const env = { ...process.env, GATEHOUSE_HOME: g.home } as Record<string, string>;
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'fs', ...flags, '--', process.execPath, FILESYSTEM, project], env, cwd: project, stderr: 'ignore' }));
  clients.push(client);
  // The server takes the client's roots once initialised: wait until it lists `outside` as allowed.
  await vi.waitFor(async () => expect(resultText(await client.callTool({ name: 'list_allowed_directories', arguments: {} }))).toContain(outside), { timeout: 20_000 });
  return client;
}

const read = async (client: Client, file: string) => resultText(await client.callTool({ name: 'read_text_file', arguments: { path: file } }));
const write = (client: Client, file: string) => client.callTool({ name: 'write_file', arguments: { path: file, content: 'written by the server\n' } });

describe.skipIf(!BUILT)('mcp-proxy --sandbox with server-filesystem', () => {
  it('without --sandbox the server reads the .env of its root and writes wherever the client points it', async () => {
    const client = await filesystem([]);
    expect(await read(client, join(project, '.env'))).toContain(SECRET);
    await write(client, join(outside, 'unsandboxed.txt'));
    expect(existsSync(join(outside, 'unsandboxed.txt'))).toBe(true);
  }, 60_000);

  it('sandboxed, it reads and writes its project, but not the .env nor outside its folders; the start and the refused write are on record', async () => {
    const client = await filesystem(['--sandbox']);
    expect(await read(client, join(project, 'notes.txt'))).toContain('ordinary notes');
    await write(client, join(project, 'inside.txt'));
    expect(readFileSync(join(project, 'inside.txt'), 'utf8')).toBe('written by the server\n');

    expect(await read(client, join(project, '.env'))).not.toContain(SECRET);
    const escaped = await write(client, join(outside, 'escaped.txt'));
    expect(escaped.isError).toBe(true);
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);

    const started = (await g.core.approver.queryAudit({ tool_name: 'McpServer' })).entries;
    expect(started).toHaveLength(1);
    expect(started[0]!.verdict.reasons.join(' ')).toMatch(/MCP server fs started in the OS sandbox: runs contained: writes only in .*project/);
    await vi.waitFor(async () => {
      const entry = await g.core.approver.getAuditEntry(started[0]!.id);
      expect(entry.refusals?.map((r) => [r.kind, r.target])).toContainEqual(['write', join(outside, 'escaped.txt')]);
    }, { timeout: 20_000 });
  }, 60_000);
});

describe.skipIf(!BUILT)('mcp-proxy --sandbox where the sandbox cannot run', () => {
  it('refuses to start the server, saying why, and never runs it unsandboxed', async () => {
    const plain = await startGatehouse({ logger: () => {} });
    writeEndpoint(plain.home, plain.server.endpoint);
    const marker = join(root, 'server-ran');
    try {
      const server = ['/bin/sh', '-c', `touch ${marker}; exec "$0" "$@"`, process.execPath, FILESYSTEM, project];
      const child = spawn(process.execPath, [BIN, 'mcp-proxy', '--name', 'fs', '--sandbox', '--', ...server], { cwd: project, env: { ...process.env, GATEHOUSE_HOME: plain.home }, stdio: ['pipe', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(1);
      expect(err).toMatch(/--sandbox: the server was not started, since it cannot run sandboxed: .*hosts no sandbox/);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await plain.close();
    }
  }, 60_000);
});
