// An agent starting another agent with its permission checks or hooks switched off escapes the guard it runs under.
import type { SimpleCommand } from '../shell/types.js';

/** Per agent CLI (by program or package name): options that switch its checks off or load other settings, and its config variable. */
interface AgentCli {
  label: string;
  /** Option words (a whole word, or its `--name=` form) that run the agent unguarded or with settings no hook config vouches for. */
  options: RegExp;
  /** `--approval-mode yolo`, `--permission-mode bypassPermissions`: an option whose value turns the checks off. */
  valued?: { option: RegExp; value: RegExp };
  /** The variable that points it at another configuration folder (without the hooks). */
  configVar: string;
}

// Gatehouse answers Claude Code's PermissionRequest, which fires only when Claude would ask: tools granted up front
// (`--allowedTools Bash`), edits accepted (`acceptEdits`) or judged by its classifier (`auto`) never reach it, and MCP
// servers, plugins and agents loaded from the command line bring their own commands and hooks.
const CLAUDE: AgentCli = {
  label: 'Claude Code',
  options: /^--(dangerously-skip-permissions|allow-dangerously-skip-permissions|settings|setting-sources|allowedTools|allowed-tools|mcp-config|plugin-dir|agents)(=|$)/,
  valued: { option: /^--permission-mode$/, value: /^(bypassPermissions|acceptEdits|auto)$/ },
  configVar: 'CLAUDE_CONFIG_DIR',
};
const CODEX: AgentCli = {
  label: 'Codex',
  options: /^(--dangerously-bypass-approvals-and-sandbox|--yolo|--dangerously-bypass-hook-trust|-c|--config)(=|$)|^-c./,
  configVar: 'CODEX_HOME',
};
const GEMINI: AgentCli = {
  label: 'Gemini CLI',
  options: /^(--yolo|-y)$/,
  valued: { option: /^--approval-mode$/, value: /^yolo$/ },
  configVar: 'GEMINI_CLI_HOME',
};
// Qwen Code runs no hook at all in bare or safe mode; its yolo still passes every call through the hook.
const QWEN: AgentCli = {
  label: 'Qwen Code',
  options: /^--(bare|safe-mode)(=|$)/,
  configVar: 'QWEN_HOME',
};
// Cline reads its user hooks from its configuration folder (`--config`, CLINE_DIR) and a project's from the folder it
// works in; `--hooks-dir` only adds hooks.
const CLINE: AgentCli = {
  label: 'Cline',
  options: /^--config(=|$)/,
  configVar: 'CLINE_DIR',
};
// A version after the package name (`claude@1.2`).
const VERSION = /@[^/@]*$/;
const AGENTS: Record<string, AgentCli> = {
  claude: CLAUDE, 'claude-code': CLAUDE, '@anthropic-ai/claude-code': CLAUDE,
  codex: CODEX, '@openai/codex': CODEX,
  gemini: GEMINI, 'gemini-cli': GEMINI, '@google/gemini-cli': GEMINI,
  qwen: QWEN, '@qwen-code/qwen-code': QWEN,
  cline: CLINE,
};

/** The agent a program or package name runs (`claude`, `@openai/codex@1`), by its label, or undefined. */
export function agentLabel(name: string): string | undefined {
  return (AGENTS[name] ?? AGENTS[name.replace(/@[^/@]*$/, '')])?.label;
}

/**
 * Why this command runs an agent CLI outside the guard, or null: its permission checks bypassed (`claude
 * --dangerously-skip-permissions`, `codex --yolo`, `gemini -y`), settings or hooks replaced (`--settings`, `codex -c`), or
 * its configuration folder moved by a variable. Threat: a prompt-injected agent handing its task to an unguarded one.
 */
export function unguardedAgent(cmd: SimpleCommand): string | null {
  const name = cmd.argv[0] ?? '';
  const agent = AGENTS[name] ?? AGENTS[name.replace(VERSION, '')];
  if (agent === undefined) return null;
  const env = cmd.env.find((e) => e.name === agent.configVar);
  if (env !== undefined) return `${name} runs ${agent.label} with ${env.name}=${env.value}, a configuration without Gatehouse's hook`;
  const args = cmd.argv.slice(1);
  const option = args.find((a) => agent.options.test(a));
  if (option !== undefined) return `${name} ${option} runs ${agent.label} with its permission checks or hooks switched off or replaced`;
  const v = agent.valued;
  const i = v === undefined ? -1 : args.findIndex((a, k) => (v.option.test(a) && v.value.test(args[k + 1] ?? '')) || (v.option.test(a.split('=')[0]!) && v.value.test(a.slice(a.indexOf('=') + 1)) && a.includes('=')));
  return i < 0 ? null : `${name} ${args[i]} runs ${agent.label} with its permission checks switched off`;
}
