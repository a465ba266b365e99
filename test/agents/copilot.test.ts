// GitHub Copilot CLI 1.0.102, headless (`copilot -p … --allow-all-tools`), offline against the scripted Chat
// Completions model, through Gatehouse's preToolUse hook in COPILOT_HOME/settings.json. --allow-all-tools makes
// Copilot's own permissions allow everything, so every refusal here is Gatehouse's (without it a headless Copilot
// denies whatever no hook allows). COPILOT_OFFLINE makes no connection but to the model (seen with strace).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { chat } from './model/chat.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { describeAgent, type AgentSpec } from './support/scenarios.js';
import { describeMissingProgram } from './support/missing-program.js';

const FILESYSTEM = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');

/** The person's own settings, which uninstall must give back byte for byte. */
const SETTINGS = '{\n  // my Copilot settings: keep this comment\n  "banner": "never"\n}\n';

const spec: AgentSpec = {
  cli: 'copilot',
  kind: 'copilot-cli',
  bin: agentBin('copilot'),
  provider: chat,
  prepare(dirs, model) {
    const copilotHome = join(dirs.root, 'copilot');
    mkdirSync(copilotHome, { recursive: true });
    writeFileSync(join(copilotHome, 'settings.json'), SETTINGS);
    return {
      env: cleanEnv({
        COPILOT_HOME: copilotHome,
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`,
        COPILOT_PROVIDER_TYPE: 'openai',
        COPILOT_MODEL: 'scripted',
        COPILOT_AUTO_UPDATE: 'false',
        // The package the native binary unpacks (≈235 MB, ~7 s) once, not once per temp home.
        XDG_CACHE_HOME: join(tmpdir(), 'gatehouse-copilot-cache'),
      }),
      args: ['-p', 'do the task', '--allow-all-tools'],
    };
  },
  shell: (command) => ({ name: 'bash', input: { command, description: 'run the command' } }),
  configFiles: (dirs) => [join(dirs.root, 'copilot', 'settings.json')],
};

describeAgent(spec, (s) => {
  it('judges a file Copilot creates as a Write: a deny rule on the path holds, and the model hears it', async () => {
    const target = join(s.dirs.ws, 'blocked.txt');
    expect((await s.g().approver('POST', '/v1/rules', { action: 'deny', pattern: 'Edit(./blocked.txt)', note: 'no blocked file' })).status).toBe(201);
    const r = await s.run({ name: 'create', input: { path: target, file_text: 'x' } });
    expect(existsSync(target), r.stdout + r.stderr).toBe(false);
    expect(s.model.toolResults.join('\n')).toContain('Edit(./blocked.txt)');
    const entry = ((await s.g().approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];
    expect(entry).toMatchObject({ agent: 'copilot-cli', tool_name: 'Write', status: 'denied' });
  });

  it("reads Copilot's MCP tool `fs-list_directory` as mcp__fs__list_directory, so an MCP rule decides it", async () => {
    writeFileSync(join(s.dirs.root, 'copilot', 'mcp-config.json'), JSON.stringify({ mcpServers: { fs: { type: 'local', command: process.execPath, args: [FILESYSTEM, s.dirs.ws], tools: ['*'] } } }));
    writeFileSync(join(s.dirs.ws, 'listed-secret.txt'), 'x');
    expect((await s.g().approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__fs__list_directory', note: 'no listing' })).status).toBe(201);
    const r = await s.run({ name: 'fs-list_directory', input: { path: s.dirs.ws } });
    expect(s.model.toolResults.join('\n'), r.stdout + r.stderr).not.toContain('listed-secret.txt');
    expect(s.model.toolResults.join('\n')).toContain('mcp__fs__list_directory');
    const entry = ((await s.g().approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];
    expect(entry).toMatchObject({ agent: 'copilot-cli', tool_name: 'mcp__fs__list_directory', status: 'denied' });
  });
});
describeMissingProgram(spec);
