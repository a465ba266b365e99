// Gemini CLI 0.61.0, headless (`gemini -p`), against the scripted Gemini model, through Gatehouse's BeforeTool hook.
// Gemini's own policy allows the shell (so the tool is offered headless); Gatehouse is the gate in front of it.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gemini } from './model/gemini.js';
import { expectToldOfEdit } from './support/edit-note.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { expect, it } from 'vitest';
import { describeAgent, type AgentSpec } from './support/scenarios.js';
import { shellUndoScenario } from './support/shell-undo.js';
import { describeMissingProgram } from './support/missing-program.js';

const spec: AgentSpec = {
  cli: 'gemini',
  kind: 'gemini-cli',
  bin: agentBin('gemini'),
  provider: gemini,
  prepare(dirs, model) {
    mkdirSync(join(dirs.home, '.gemini'), { recursive: true });
    const settings = {
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    };
    writeFileSync(join(dirs.home, '.gemini', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    const policy = join(dirs.root, 'policy.toml');
    writeFileSync(policy, '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 100\n');
    return {
      env: cleanEnv({ GEMINI_CLI_HOME: dirs.home, GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
      args: ['-p', 'do the task', '--output-format', 'json', '--policy', policy],
    };
  },
  shell: (command) => ({ name: 'run_shell_command', input: { command, description: 'as asked' } }),
  configFiles: (dirs) => [join(dirs.home, '.gemini', 'settings.json')],
};

describeAgent(spec, (s) => {
  shellUndoScenario(s, spec);

  it('runs the command the person edited, and the model is told of the edit (AfterTool additionalContext)', async () => {
    const running = s.run(spec.shell('touch gem-asked.txt'));
    const pending = await s.g().nextPending();
    const edited = { command: 'touch gem-edited.txt', description: 'as asked' };
    expect((await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, updated_args: edited })).status).toBe(200);
    const r = await running;
    expect(existsSync(join(s.dirs.ws, 'gem-edited.txt')), r.stdout + r.stderr).toBe(true);
    expect(existsSync(join(s.dirs.ws, 'gem-asked.txt'))).toBe(false);
    expectToldOfEdit(s.model, 'command', 'touch gem-edited.txt');
  });

  // Gemini takes a rewritten command but its own policy refuses the sandbox's form of it: a contained verdict asks.
  it('under a sandbox rule the command is asked, never run unconfined', async () => {
    writeFileSync(join(s.dirs.ws, 'gem-contained.sh'), '#!/bin/bash\necho escaped > ~/gem-outside.txt\n');
    chmodSync(join(s.dirs.ws, 'gem-contained.sh'), 0o755);
    expect((await s.g().approver('POST', '/v1/rules', { action: 'sandbox', pattern: 'Bash(./gem-contained.sh)' })).status).toBe(201);
    const running = s.run(spec.shell('./gem-contained.sh'));
    const held = await s.g().nextPending();
    expect(held.request).toMatchObject({ agent: 'gemini-cli', tool_name: 'Bash', args: { command: './gem-contained.sh' } });
    expect(held.verdict.reasons.join('\n')).toContain('cannot run a command rewritten into the sandbox');
    await s.g().approver('POST', `/v1/requests/${held.request.id}/decision`, { approved: false, reason: 'not unconfined' });
    await running;
    expect(existsSync(join(s.dirs.home, 'gem-outside.txt'))).toBe(false);
  });

  it('a call approved in Gatehouse that Gemini\'s own policy refuses (a redirect it was not allowed) shows as not run, with Gemini\'s own reason', async () => {
    expect((await s.g().approver('PATCH', '/v1/settings', { mode: 'approve-all' })).status).toBe(200);
    const r = await s.run({ name: 'run_shell_command', input: { command: 'echo hi > gem-redirect.txt', description: 'as asked' } });
    await s.g().approver('PATCH', '/v1/settings', { mode: 'interactive' });
    expect(existsSync(join(s.dirs.ws, 'gem-redirect.txt')), r.stdout + r.stderr).toBe(false);
    const entry = ((await s.g().approver('GET', '/v1/audit?tool_name=Bash&limit=1')).json as { entries: any[] }).entries[0];
    expect(entry, JSON.stringify(s.model.toolResults)).toMatchObject({ status: 'approved', args: { command: 'echo hi > gem-redirect.txt' } });
    expect(entry.undo, JSON.stringify(s.model.toolResults)).toMatchObject({ ran: 'not-run' });
    // Gemini sends no AfterTool for it; its reason is read from the transcript its SessionEnd event names.
    expect(entry.undo.not_run_reason, JSON.stringify(s.model.toolResults)).toMatch(/denied by policy|requires user confirmation|non-interactive/i);
  });
});
describeMissingProgram(spec);
