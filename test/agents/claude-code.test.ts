// Claude Code 2.1.331, headless (`claude -p`), against the scripted Anthropic model, through Gatehouse's hook.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { anthropic } from './model/anthropic.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { describeAgent } from './support/scenarios.js';

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
    it('writes the content the person edited before approving', async () => {
      const path = join(s.dirs.ws, 'edited.txt');
      const running = s.run({ name: 'Write', input: { file_path: path, content: 'from the agent\n' } });
      const pending = await s.g().nextPending();
      expect(pending.request).toMatchObject({ agent: 'claude-code', tool_name: 'Write' });
      await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, updated_args: { file_path: path, content: 'from the person\n' } });
      const r = await running;
      expect(readFileSync(path, 'utf8'), r.stdout + r.stderr).toBe('from the person\n');
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
