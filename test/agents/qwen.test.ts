// Qwen Code 0.24.4, headless (`qwen -p --yolo`), against the scripted Chat Completions model as its OpenAI-compatible
// provider, through Gatehouse's PreToolUse hook. Qwen's yolo skips only its own prompt: the hook still decides every
// call (Qwen fires PreToolUse when it is about to run one), so Gatehouse is the gate in front of the shell.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chat } from './model/chat.js';
import { agentBin, cleanEnv } from './support/agents.js';
import { describeAgent, type AgentSpec } from './support/scenarios.js';
import { describeMissingProgram } from './support/missing-program.js';

const spec: AgentSpec = {
  cli: 'qwen',
  kind: 'qwen-code',
  bin: agentBin('qwen'),
  provider: chat,
  prepare(dirs, model) {
    mkdirSync(join(dirs.home, '.qwen'), { recursive: true });
    // `$version`: Qwen writes its settings version into the file on its first start; written here, the file stays the
    // person's own text, which uninstall must give back byte for byte.
    const settings = {
      $version: 4,
      security: { auth: { selectedType: 'openai' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false },
    };
    writeFileSync(join(dirs.home, '.qwen', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    return {
      env: cleanEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${model.url}/v1`, OPENAI_MODEL: 'scripted', QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' }),
      args: ['-p', 'do the task', '--yolo', '--output-format', 'json'],
    };
  },
  shell: (command) => ({ name: 'run_shell_command', input: { command, description: 'as asked' } }),
  configFiles: (dirs) => [join(dirs.home, '.qwen', 'settings.json')],
};

describeAgent(spec);
describeMissingProgram(spec);
