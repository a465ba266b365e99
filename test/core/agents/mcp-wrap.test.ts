// `gatehouse install mcp --client AGENT --server NAME`: an agent's MCP server entry put behind the proxy and back,
// for each agent's config format, keeping the rest of the file; hostile and broken configs refused with nothing written;
// and the wrapped entry really starts a proxy that answers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { BIN, BUILT, runCli } from '../cli/run-cli.js';
import { startGatehouse } from '../server/helpers.js';

const FILESYSTEM = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');

let root: string;
let env: Record<string, string>;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-mcp-wrap-'));
  env = { HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gh'), CODEX_HOME: join(root, 'codex') };
  mkdirSync(env.HOME!, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { env });

const PROJECT_MCP = `{
  // the team's servers
  "mcpServers": {
    "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv"], "env": { "DEBUG": "1" } },
    "other": { "command": "other-server" }
  }
}
`;

describe.skipIf(!BUILT)('gatehouse install mcp', () => {
  it('Claude Code .mcp.json: wraps a stdio server (env kept), idempotent, dry run writes nothing, uninstall byte for byte', async () => {
    const project = join(root, 'p');
    mkdirSync(project);
    const file = join(project, '.mcp.json');
    writeFileSync(file, PROJECT_MCP);
    const dry = await cli('install', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project, '--dry-run');
    expect(dry.stdout).toContain('mcp-proxy');
    expect(readFileSync(file, 'utf8')).toBe(PROJECT_MCP);
    const done = await cli('install', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project);
    expect(done.code, done.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// the team\'s servers');
    const entry = parseJsonc(text).mcpServers.fs;
    expect(entry).toEqual({ command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'fs', '--home', env.GATEHOUSE_HOME, '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/srv'], env: { DEBUG: '1' } });
    expect(parseJsonc(text).mcpServers.other).toEqual({ command: 'other-server' });
    expect((await cli('install', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project)).stdout).toContain('nothing to change');
    await cli('uninstall', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project);
    expect(readFileSync(file, 'utf8')).toBe(PROJECT_MCP);
  });

  it('--sandbox is recorded in the entry (also added to one already behind the proxy, never taken away by a plain install); status and doctor say so', async () => {
    const project = join(root, 'p');
    mkdirSync(project);
    const file = join(project, '.mcp.json');
    writeFileSync(file, PROJECT_MCP);
    const args = (name: string) => parseJsonc(readFileSync(file, 'utf8')).mcpServers[name].args as string[];
    const install = (...more: string[]) => cli('install', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project, ...more);
    expect((await install()).code).toBe(0);
    const done = await install('--sandbox');
    expect(done.stdout).toContain('now runs through gatehouse mcp-proxy, inside the OS sandbox,');
    expect(args('fs')).toEqual([BIN, 'mcp-proxy', '--name', 'fs', '--home', env.GATEHOUSE_HOME, '--sandbox', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/srv']);
    expect((await install()).stdout).toContain('nothing to change');
    expect(args('fs')).toContain('--sandbox');
    const g = await startGatehouse({ home: env.GATEHOUSE_HOME! });
    try {
      writeEndpoint(g.home, g.server.endpoint);
      expect((await cli('status', '--project', project)).stdout).toContain(`MCP server fs (${file}): through mcp-proxy for ${env.GATEHOUSE_HOME}, inside the OS sandbox; it runs`);
      expect((await cli('doctor', '--cwd', project)).stdout).toContain(`MCP server fs in ${file} runs through mcp-proxy for ${env.GATEHOUSE_HOME}, inside the OS sandbox, where Gatehouse is running`);
    } finally {
      await g.close();
    }
    await cli('uninstall', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project);
    expect(readFileSync(file, 'utf8')).toBe(PROJECT_MCP);
    // A server the proxy does not start cannot be put in its sandbox.
    const claudeJson = join(env.HOME!, '.claude.json');
    writeFileSync(claudeJson, JSON.stringify({ mcpServers: { api: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }));
    const http = await cli('install', 'mcp', '--client', 'claude-code', '--server', 'api', '--sandbox');
    expect(http.code).toBe(1);
    expect(http.stderr).toContain('--sandbox can only contain a server the proxy starts');
  });

  it('an HTTP server becomes --url and comes back in the agent\'s own spelling; one that sends headers is refused', async () => {
    const claudeJson = join(env.HOME!, '.claude.json');
    writeFileSync(claudeJson, JSON.stringify({ mcpServers: { api: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, secret: { type: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer t' } } } }, null, 2));
    await cli('install', 'mcp', '--client', 'claude-code', '--server', 'api');
    expect(JSON.parse(readFileSync(claudeJson, 'utf8')).mcpServers.api).toEqual({ command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'api', '--home', env.GATEHOUSE_HOME, '--url', 'http://127.0.0.1:9/mcp'] });
    // Changed since by someone else: uninstall puts back only this server, in Claude Code's spelling.
    const changed = JSON.parse(readFileSync(claudeJson, 'utf8'));
    changed.theme = 'dark';
    writeFileSync(claudeJson, JSON.stringify(changed, null, 2));
    await cli('uninstall', 'mcp', '--client', 'claude-code', '--server', 'api');
    expect(JSON.parse(readFileSync(claudeJson, 'utf8'))).toMatchObject({ theme: 'dark', mcpServers: { api: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
    const before = readFileSync(claudeJson, 'utf8');
    const refused = await cli('install', 'mcp', '--client', 'claude-code', '--server', 'secret');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('headers');
    expect(readFileSync(claudeJson, 'utf8')).toBe(before);
  });

  it.each([
    ['an unknown server', '{ "mcpServers": { "fs": { "command": "x" } } }', 'nope', /no MCP server called nope \(it has: fs\)/],
    ['a file that does not parse', '{ "mcpServers": ', 'fs', /does not parse/],
    ['an entry with neither command nor url', '{ "mcpServers": { "fs": { "cwd": "/" } } }', 'fs', /neither a command nor a url/],
    ['args that are not strings', '{ "mcpServers": { "fs": { "command": "x", "args": [1] } } }', 'fs', /not a list of strings/],
  ])('Gemini: %s is refused with nothing written', async (_, text, server, message) => {
    const file = join(env.HOME!, '.gemini', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const r = await cli('install', 'mcp', '--client', 'gemini', '--server', server);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('Gemini: the hook and a wrapped server in one settings.json are undone independently', async () => {
    const file = join(env.HOME!, '.gemini', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    const original = '{\n  "mcpServers": { "docs": { "httpUrl": "http://127.0.0.1:9/mcp", "timeout": 5000 } }\n}\n';
    writeFileSync(file, original);
    await cli('install', 'gemini');
    await cli('install', 'mcp', '--client', 'gemini', '--server', 'docs');
    expect(parseJsonc(readFileSync(file, 'utf8')).mcpServers.docs).toEqual({ command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'docs', '--home', env.GATEHOUSE_HOME, '--url', 'http://127.0.0.1:9/mcp'], timeout: 5000 });
    await cli('uninstall', 'gemini');
    const afterHook = parseJsonc(readFileSync(file, 'utf8'));
    expect(JSON.stringify(afterHook)).not.toContain('hook gemini');
    expect(afterHook.mcpServers.docs.args).toContain('mcp-proxy');
    await cli('uninstall', 'mcp', '--client', 'gemini', '--server', 'docs');
    expect(parseJsonc(readFileSync(file, 'utf8')).mcpServers.docs).toEqual({ httpUrl: 'http://127.0.0.1:9/mcp', timeout: 5000 });
  });

  it('Codex config.toml: only the command/args lines change (comments stay); a multi-line args array is refused', async () => {
    const file = join(env.CODEX_HOME!, 'config.toml');
    mkdirSync(dirname(file), { recursive: true });
    const original = 'model = "o4"\n\n# files for the agent\n[mcp_servers.fs]\ncommand = "npx" # via npx\nargs = ["-y", "@modelcontextprotocol/server-filesystem", "/srv"]\nenv = { DEBUG = "1" }\n\n[mcp_servers.multi]\ncommand = "x"\nargs = [\n  "a",\n]\n';
    writeFileSync(file, original);
    expect((await cli('install', 'mcp', '--client', 'codex', '--server', 'fs')).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# files for the agent');
    expect((parseToml(text) as any).mcp_servers.fs).toEqual({ command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'fs', '--home', env.GATEHOUSE_HOME, '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/srv'], env: { DEBUG: '1' } });
    const multi = await cli('install', 'mcp', '--client', 'codex', '--server', 'multi');
    expect(multi.code).toBe(1);
    expect(multi.stderr).toContain('span several lines');
    await cli('uninstall', 'mcp', '--client', 'codex', '--server', 'fs');
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('the wrapped entry starts a proxy that answers through the Gatehouse of the home it was installed for, whatever the agent\'s environment says', async () => {
    const g = await startGatehouse({ home: env.GATEHOUSE_HOME! });
    try {
      writeEndpoint(g.home, g.server.endpoint);
      await g.approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__fs__write_file' });
      const files = join(root, 'files');
      mkdirSync(files);
      const project = join(root, 'p2');
      mkdirSync(project);
      writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, files] } } }));
      await cli('install', 'mcp', '--client', 'claude-code', '--server', 'fs', '--project', project);
      // The agent's environment knows nothing of this home (as for an instance started with `serve --home DIR`): the
      // entry's own --home takes the proxy there.
      const agentEnv = { ...process.env, HOME: env.HOME!, XDG_CONFIG_HOME: join(root, 'xdg') } as Record<string, string>;
      delete agentEnv.GATEHOUSE_HOME;
      const entry = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).mcpServers.fs as { command: string; args: string[] };
      const client = new Client({ name: 'as-the-agent', version: '1' });
      await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env: agentEnv, stderr: 'ignore' }));
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toContain('read_text_file');
        expect(names).not.toContain('write_file');
      } finally {
        await client.close();
      }
    } finally {
      await g.close();
    }
  });

  it('doctor and status flag a proxied server whose home has no Gatehouse running, and pass it once one runs', async () => {
    const file = join(env.HOME!, '.gemini', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{ "mcpServers": { "docs": { "httpUrl": "http://127.0.0.1:9/mcp" } } }');
    const machine = { ...env, GEMINI_CLI_HOME: env.HOME! };
    expect((await runCli(['install', 'mcp', '--client', 'gemini', '--server', 'docs'], { env: machine })).code).toBe(0);
    // The person's shell now points elsewhere: the proxy still asks the home it was installed for.
    const elsewhere = { ...machine, GATEHOUSE_HOME: join(root, 'other') };
    const doctor = await runCli(['doctor', '--cwd', root], { env: elsewhere });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`FIX  MCP server docs in ${file} runs through mcp-proxy for ${env.GATEHOUSE_HOME}, where it cannot reach Gatehouse`);
    expect(doctor.stdout).toContain(`→ start Gatehouse for that home (\`gatehouse serve --home ${env.GATEHOUSE_HOME}\`)`);
    const status = await runCli(['status'], { env: elsewhere });
    expect(status.code).toBe(1);
    expect(status.stdout).toContain(`would not run: MCP server docs in ${file} runs through mcp-proxy for ${env.GATEHOUSE_HOME}`);
    const g = await startGatehouse({ home: env.GATEHOUSE_HOME! });
    try {
      writeEndpoint(g.home, g.server.endpoint);
      expect((await runCli(['doctor', '--cwd', root], { env: elsewhere })).stdout).toContain(`ok   MCP server docs in ${file} runs through mcp-proxy for ${env.GATEHOUSE_HOME}, where Gatehouse is running`);
      expect((await runCli(['status'], { env: elsewhere })).stdout).toContain(`MCP server docs (${file}): through mcp-proxy for ${env.GATEHOUSE_HOME}; it runs`);
    } finally {
      await g.close();
    }
  });
});
