// Codex 0.169.0, headless (`codex exec`), against the scripted Responses model, through Gatehouse's PreToolUse hook,
// which `gatehouse install codex` also trusts in config.toml (no --dangerously-bypass-hook-trust here).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openai } from './model/openai.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { describeAgent, type AgentSpec } from './support/scenarios.js';
import { shellUndoScenario } from './support/shell-undo.js';
import { describeMissingProgram } from './support/missing-program.js';

const spec: AgentSpec = {
  cli: 'codex',
  kind: 'codex',
  bin: agentBin('codex'),
  provider: openai,
  prepare(dirs, model) {
    const codexHome = join(dirs.root, 'codex');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      join(codexHome, 'config.toml'),
      [
        '# the scripted model on 127.0.0.1; nothing leaves the machine',
        'model_provider = "mock"',
        'model = "gpt-5"',
        'check_for_update_on_startup = false',
        '',
        '[model_providers.mock]',
        'name = "mock"',
        `base_url = "${model.url}/v1"`,
        'env_key = "MOCK_OPENAI_KEY"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[feedback]',
        'enabled = false',
        '',
        '[features]',
        'plugins = false',
        'apps = false',
        'remote_plugin = false',
        '',
      ].join('\n'),
    );
    return {
      env: cleanEnv({ CODEX_HOME: codexHome, MOCK_OPENAI_KEY: 'k' }),
      args: ['exec', '--skip-git-repo-check', '--sandbox', 'danger-full-access', 'do the task'],
    };
  },
  shell: (command) => ({ name: 'exec_command', input: { cmd: command } }),
  configFiles: (dirs) => [join(dirs.root, 'codex', 'config.toml'), join(dirs.root, 'codex', 'hooks.json')],
};

describeAgent(spec, (s) => shellUndoScenario(s, spec));
describeMissingProgram(spec);
