// OpenCode 1.18.33, headless (`opencode run`), against the scripted Chat Completions model through an OpenAI-compatible
// provider, guarded by Gatehouse's plugin (`gatehouse install opencode` writes it into the user's OpenCode folder).
// Offline: the provider package is built into OpenCode; OPENCODE_DISABLE_MODELS_FETCH keeps it off models.dev and
// OPENCODE_DISABLE_AUTOUPDATE off its update check. A config folder with plugins gets `@opencode-ai/plugin` installed
// by npm before the plugins load (a minute of retries offline): a lock file that already lists it, as after an
// install, skips that (Gatehouse's plugin imports nothing but node:child_process), and an unreachable registry keeps
// any other install off the network.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { chat } from './model/chat.js';
import { expectToldOfEdit } from './support/edit-note.js';
import { agentBin } from './support/agents.js';
import { opencodeConfigDir, opencodeEnv, writeOpencodeConfig } from './support/opencode.js';
import { describeAgent, type AgentSpec, type Dirs } from './support/scenarios.js';
import { describeMissingProgram } from './support/missing-program.js';

const config = (dirs: Dirs) => opencodeConfigDir(dirs.root);

const spec: AgentSpec = {
  cli: 'opencode',
  kind: 'opencode',
  bin: agentBin('opencode'),
  provider: chat,
  prepare(dirs, model) {
    writeOpencodeConfig(dirs.root, model.url);
    return {
      env: opencodeEnv(dirs.root),
      args: ['run', 'do the task'],
    };
  },
  shell: (command) => ({ name: 'bash', input: { command, description: 'as asked' } }),
  configFiles: (dirs) => [join(config(dirs), 'plugins', 'gatehouse.js'), join(config(dirs), 'opencode.json')],
  // One run starts a server, a session and a title request: over a minute when the machine is busy.
  timeoutMs: 150_000,
};

describeAgent(spec, (s) => {
  it('runs the arguments the person edited, not the ones the model asked for', async () => {
    const running = s.run(spec.shell('touch asked.txt'));
    const pending = await s.g().nextPending();
    const decided = await s.g().approver('POST', `/v1/requests/${pending.request.id}/decision`, { approved: true, updated_args: { command: 'touch edited.txt', description: 'as asked' } });
    expect(decided.status).toBe(200);
    const r = await running;
    expect(existsSync(join(s.dirs.ws, 'edited.txt')), r.stdout + r.stderr).toBe(true);
    expect(existsSync(join(s.dirs.ws, 'asked.txt'))).toBe(false);
    // The plugin appended the edit's note to the tool's output, which the model reads next.
    expectToldOfEdit(s.model, 'command', 'touch edited.txt');
  });

  it("reads OpenCode's read tool as Read, so a Read rule decides it", async () => {
    writeFileSync(join(s.dirs.ws, 'secret.txt'), 'the secret\n');
    expect((await s.g().approver('POST', '/v1/rules', { action: 'deny', pattern: 'Read(secret.txt)' })).status).toBe(201);
    const r = await s.run({ name: 'read', input: { filePath: join(s.dirs.ws, 'secret.txt') } });
    expect(s.model.toolResults.join('\n'), r.stdout + r.stderr).not.toContain('the secret');
    expect(s.model.toolResults.join('\n')).toContain('Read(secret.txt)');
    const entry = ((await s.g().approver('GET', '/v1/audit?limit=1')).json as { entries: any[] }).entries[0];
    expect(entry).toMatchObject({ agent: 'opencode', tool_name: 'Read', status: 'denied' });
    expect(readFileSync(join(config(s.dirs), 'plugins', 'gatehouse.js'), 'utf8')).toContain('hook opencode');
  });
});
describeMissingProgram(spec);
