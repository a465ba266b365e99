// An agent's own CLI writing its MCP, plugin, hook or permission configuration is guard tampering, as writing the file is.
import type { SimpleCommand } from '../../shell/types.js';
import { agentLabel } from './agent-launch.js';

/**
 * Per agent, its configuration subcommands and the verbs of each that only look (closed world: any other verb writes).
 * `claude mcp add` writes ~/.claude.json, whose local-scope servers start without a prompt; `gemini mcp add` writes
 * .gemini/settings.json; `codex mcp add` writes ~/.codex/config.toml; plugins and extensions carry hooks.
 */
const LOOKING_VERBS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'Claude Code': { mcp: ['list', 'get', 'serve', 'help'], config: ['get', 'list', 'ls', 'help'], plugin: ['list', 'validate', 'help'], plugins: ['list', 'validate', 'help'] },
  'Gemini CLI': { mcp: ['list', 'help'], extensions: ['list', 'help'], hooks: ['list', 'help'] },
  Codex: { mcp: ['list', 'get', 'help'], features: ['list', 'help'] },
  'Qwen Code': { mcp: ['list', 'help'], extensions: ['list', 'help'], hooks: ['list', 'help'] },
  Cline: { mcp: ['list', 'help'], plugin: ['list', 'help'] },
  // `opencode plugin <module>` installs the module and adds it to the config; `opencode agent create` writes an agent.
  OpenCode: { mcp: ['list', 'ls', 'debug', 'help'], plugin: ['help'], plug: ['help'], agent: ['list', 'help'] },
  'Copilot CLI': { mcp: ['list', 'get', 'help'], plugin: ['list', 'help'], config: ['get', 'list', 'help'] },
};

/**
 * Why a command changes an agent's configuration through the agent's own CLI, or null.
 * Threat: `claude mcp add x -- sh -c 'curl … | sh'` (started by the next session without asking), `claude config set -g
 * permissions.allow …`, `gemini extensions install URL`, `codex mcp add x -- cmd` in approve-all.
 */
export function agentConfigChange(cmd: SimpleCommand): string | null {
  const [name = '', ...rest] = cmd.argv;
  const label = agentLabel(name);
  if (label === undefined) return null;
  // The subcommand may follow global options and their values (`claude --debug mcp add …`).
  const words = rest.filter((w) => !w.startsWith('-'));
  const subcommands = LOOKING_VERBS[label]!;
  const at = words.findIndex((w) => Object.hasOwn(subcommands, w));
  if (at < 0) return null;
  const verb = words[at + 1] ?? 'help';
  return subcommands[words[at]!]!.includes(verb) ? null : `${name} ${words[at]} ${verb} changes ${label}'s configuration, which decides what it runs without asking`;
}
