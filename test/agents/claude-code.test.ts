// Claude Code 2.1.331, headless (`claude -p`), against the scripted Anthropic model, through Gatehouse's hook.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { anthropic } from './model/anthropic.js';
import { expectToldOfEdit } from './support/edit-note.js';
import { agentBin, cleanEnv, runAgent } from './support/agents.js';
import { BIN } from '../core/cli/run-cli.js';

const FILESYSTEM = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');
import { describeAgent } from './support/scenarios.js';
import { containedScenario } from './support/contained.js';
import { gatehouse, TOKEN } from './support/gatehouse.js';
import { gitState, makeRepo, treeHash } from '../core/snapshots/tree-hash.js';

describeAgent(
  {
    cli: 'claude-code',
    kind: 'claude-code',
    bin: agentBin('claude'),
    provider: anthropic,
    prepare: (_dirs, model) => ({
      env: cleanEnv({ ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' }),
      args: ['-p', 'do the task', '--output-format', 'json'],
    }),
    shell: (command) => ({ name: 'Bash', input: { command, description: 'as asked' } }),
    configFiles: (dirs) => [join(dirs.home, '.claude', 'settings.json')],
  },
  (s) => {
    containedScenario(s, (command) => ({ name: 'Bash', input: { command, description: 'as asked' } }));

    it('writes the content the person edited before approving', async () => {
      const path = join(s.dirs.ws, 'edited.txt');
      const running = s.run({ name: 'Write', input: { file_path: path, content: 'from the agent\n' } });
      const pending = await s.g().nextPending();
      expect(pending.request).toMatchObject({ agent: 'claude-code', tool_name: 'Write' });
      await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, updated_args: { file_path: path, content: 'from the person\n' } });
      const r = await running;
      expect(readFileSync(path, 'utf8'), r.stdout + r.stderr).toBe('from the person\n');
      // The model's request after the call tells it, once, what the person changed (PostToolUse additionalContext).
      expectToldOfEdit(s.model, 'content', 'from the person');
    });

    it('calls an MCP tool through gatehouse mcp-proxy: allowed by rule it runs, the proxy asked Gatehouse too, a denied tool is never offered', async () => {
      const config = join(s.dirs.root, 'mcp.json');
      const proxy = { command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'fs', '--', process.execPath, FILESYSTEM, s.dirs.ws], env: { GATEHOUSE_HOME: s.dirs.gatehouseHome } };
      writeFileSync(config, JSON.stringify({ mcpServers: { fs: proxy } }));
      await s.g().approver('POST', '/v1/rules', { action: 'allow', pattern: 'mcp__fs__write_file' });
      const path = join(s.dirs.ws, 'via-mcp.txt');
      s.model.script({ name: 'mcp__fs__write_file', input: { path, content: 'through the proxy\n' } });
      // MCP tools offered up front, not behind Claude Code's tool search (the scripted model does not search).
      const env = { ...s.env, ENABLE_TOOL_SEARCH: 'false' };
      const r = await runAgent(agentBin('claude')!, ['-p', 'do the task', '--output-format', 'json', '--mcp-config', config, '--strict-mcp-config'], { cwd: s.dirs.ws, env });
      expect(existsSync(path), r.stdout + r.stderr + s.model.seen.join('\n')).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe('through the proxy\n');
      // Claude Code's hook asked first (agent claude-code), then the proxy asked before the server got the call (agent mcp).
      const entries = ((await s.g().approver('GET', '/v1/audit?tool_name=mcp__fs__write_file')).json as { entries: Array<{ agent: string; decided_by: string }> }).entries;
      expect(entries.map((e) => e.agent).sort()).toEqual(['claude-code', 'mcp']);
      expect(entries.every((e) => e.decided_by === 'rule')).toBe(true);
      // A deny rule: the tool is hidden from the model's list and refused; nothing is written.
      await s.g().approver('POST', '/v1/rules', { action: 'deny', pattern: 'mcp__fs__create_directory', note: 'no new folders' });
      const dir = join(s.dirs.ws, 'not-made');
      s.model.script({ name: 'mcp__fs__create_directory', input: { path: dir } });
      const denied = await runAgent(agentBin('claude')!, ['-p', 'do the task', '--output-format', 'json', '--mcp-config', config, '--strict-mcp-config'], { cwd: s.dirs.ws, env });
      expect(existsSync(dir), denied.stdout + denied.stderr).toBe(false);
      const offered = s.model.seen.filter((l) => l.startsWith('tools: ')).at(-1) ?? '';
      expect(offered).toContain('mcp__fs__write_file');
      expect(offered).not.toContain('mcp__fs__create_directory');
    });

    // Issue 23: the hook asked, then the proxy asked the same call again (the first time as raw JSON).
    it('an MCP call through both the hook and gatehouse mcp-proxy asks the person once', async () => {
      const config = join(s.dirs.root, 'mcp-once.json');
      const proxy = { command: process.execPath, args: [BIN, 'mcp-proxy', '--name', 'fs', '--', process.execPath, FILESYSTEM, s.dirs.ws], env: { GATEHOUSE_HOME: s.dirs.gatehouseHome } };
      writeFileSync(config, JSON.stringify({ mcpServers: { fs: proxy } }));
      const path = join(s.dirs.ws, 'edit-once.txt');
      writeFileSync(path, 'alpha\n');
      s.model.script({ name: 'mcp__fs__edit_file', input: { path, edits: [{ oldText: 'alpha', newText: 'beta' }] } });
      const env = { ...s.env, ENABLE_TOOL_SEARCH: 'false' };
      const running = runAgent(agentBin('claude')!, ['-p', 'do the task', '--output-format', 'json', '--mcp-config', config, '--strict-mcp-config'], { cwd: s.dirs.ws, env });
      const first = await s.g().nextPending();
      expect(first.request).toMatchObject({ agent: 'claude-code', tool_name: 'mcp__fs__edit_file' });
      expect((await s.g().approver('POST', `/v1/requests/${first.request.id}/decision`, { approved: true })).status).toBe(200);
      // Either the run ends, or a second question appears: the proxy asking again.
      const second = s.g().nextPending().then((p: { request: { agent: string; id: string } }) => p, () => null);
      const outcome = await Promise.race([running.then((r) => ({ ran: r })), second.then((p) => ({ askedAgain: p }))]);
      if ('askedAgain' in outcome && outcome.askedAgain) {
        await s.g().approver('POST', `/v1/requests/${outcome.askedAgain.request.id}/decision`, { approved: false });
        await running;
      }
      expect(outcome).toHaveProperty('ran');
      expect(readFileSync(path, 'utf8')).toBe('beta\n');
      const entries = ((await s.g().approver('GET', '/v1/audit?tool_name=mcp__fs__edit_file')).json as { entries: Array<{ agent: string; decided_by: string; status: string }> }).entries;
      expect(entries.map((e) => [e.agent, e.status, e.decided_by]).sort()).toEqual([['claude-code', 'approved', 'user'], ['mcp', 'approved', 'user']]);
    });

    it('undoes a Write, an Edit and a shell sed -i && rm && mv of one session byte-exact, leaving git alone', async () => {
      const ws = s.dirs.ws;
      rmSync(join(ws, '.git'), { recursive: true, force: true });
      makeRepo(ws);
      expect((await s.g().approver('PATCH', '/v1/settings', { mode: 'approve-all' })).status).toBe(200);
      const git0 = gitState(ws);
      const file = join(ws, 'src', 'new.ts');
      const calls = [
        { name: 'Write', input: { file_path: file, content: 'export const x = 1;\n' } },
        { name: 'Edit', input: { file_path: file, old_string: 'x = 1', new_string: 'x = 2' } },
        { name: 'Bash', input: { command: "sed -i 's/alpha/ALPHA/' a.txt && rm b.txt && mv c.txt d.txt", description: 'as asked' } },
      ];
      const hashes: string[] = [];
      const ids: string[] = [];
      let session: string | null = null;
      for (const call of calls) {
        hashes.push(treeHash(ws));
        s.model.script(call);
        const args = ['-p', 'do the task', '--output-format', 'json', ...(session ? ['--resume', session] : [])];
        const r = await runAgent(agentBin('claude')!, args, { cwd: ws, env: s.env });
        session ??= (JSON.parse(r.stdout) as { session_id: string }).session_id;
        const entry = ((await s.g().approver('GET', `/v1/audit?tool_name=${call.name}&limit=1`)).json as { entries: Array<{ id: string; session_id: string }> }).entries[0]!;
        expect(entry.session_id).toBe(session);
        // PostToolUse reached Gatehouse: the call's after-snapshot is already taken.
        expect((await s.g().approver('GET', `/v1/undo/${entry.id}`)).json, r.stdout + r.stderr).toMatchObject({ state: 'available', ran: 'ran' });
        ids.push(entry.id);
      }
      expect(readFileSync(file, 'utf8')).toBe('export const x = 2;\n');
      expect(existsSync(join(ws, 'd.txt'))).toBe(true);
      const env = { ...s.env, GATEHOUSE_APPROVER_TOKEN: TOKEN };
      for (let i = calls.length - 1; i >= 0; i--) {
        const undone = await gatehouse(['undo', ids[i]!, '--yes'], env);
        expect(undone.code, undone.stderr).toBe(0);
        expect(undone.stdout).toContain('Restored');
        expect(treeHash(ws), `after undoing ${calls[i]!.name}`).toBe(hashes[i]);
      }
      expect(gitState(ws)).toEqual(git0);
      await s.g().approver('PATCH', '/v1/settings', { mode: 'interactive' });
    });

    it('"always" becomes a rule the next identical call meets without asking', async () => {
      const path = join(s.dirs.ws, 'always.txt');
      const running = s.run({ name: 'Bash', input: { command: 'touch always.txt', description: 'as asked' } });
      const pending = await s.g().nextPending();
      const decided = await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, scope: 'always' });
      expect(decided.json.decision.created_rule).toMatchObject({ action: 'allow' });
      await running;
      expect(existsSync(path)).toBe(true);
      rmSync(path);
      const again = await s.run({ name: 'Bash', input: { command: 'touch always.txt', description: 'as asked' } });
      expect(existsSync(path), again.stdout + again.stderr).toBe(true);
      const entry = ((await s.g().approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];
      expect(entry).toMatchObject({ decided_by: 'rule', rule_id: decided.json.decision.created_rule.id });
    });
  },
);
