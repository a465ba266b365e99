// An agent starting another agent with its permission checks or hooks switched off escapes the guard it runs under.
import type { SimpleCommand } from '../../shell/types.js';

/** Per agent CLI (by program or package name): options that switch its checks off or load other settings, and its config variable. */
interface AgentCli {
  label: string;
  /** Option words (a whole word, or its `--name=` form) that run the agent unguarded or with settings no hook config vouches for. */
  options: RegExp;
  /** `--approval-mode yolo`, `--permission-mode bypassPermissions`: an option whose value turns the checks off. */
  valued?: { option: RegExp; value: RegExp };
  /**
   * The variables that point it at another configuration (without the hooks) or switch its hooks or plugins off. HOME
   * is every agent's: its user configuration hangs off it.
   */
  configVars: readonly string[];
}

// Gatehouse answers Claude Code's PermissionRequest, which fires only when Claude would ask: tools granted up front
// (`--allowedTools Bash`), edits accepted (`acceptEdits`) or judged by its classifier (`auto`) never reach it, and MCP
// servers, plugins and agents loaded from the command line bring their own commands and hooks.
const CLAUDE: AgentCli = {
  label: 'Claude Code',
  options: /^--(dangerously-skip-permissions|allow-dangerously-skip-permissions|settings|setting-sources|allowedTools|allowed-tools|mcp-config|plugin-dir|agents)(=|$)/,
  valued: { option: /^--permission-mode$/, value: /^(bypassPermissions|acceptEdits|auto)$/ },
  configVars: ['CLAUDE_CONFIG_DIR', 'HOME'],
};
const CODEX: AgentCli = {
  label: 'Codex',
  options: /^(--dangerously-bypass-approvals-and-sandbox|--yolo|--dangerously-bypass-hook-trust|-c|--config)(=|$)|^-c./,
  configVars: ['CODEX_HOME', 'HOME'],
};
const GEMINI: AgentCli = {
  label: 'Gemini CLI',
  options: /^(--yolo|-y)$/,
  valued: { option: /^--approval-mode$/, value: /^yolo$/ },
  // System settings (and defaults) files override or underlie the user's: `"disableAllHooks": true` in one of them
  // switches Gatehouse's hook off.
  configVars: ['GEMINI_CLI_HOME', 'GEMINI_CLI_SYSTEM_SETTINGS_PATH', 'GEMINI_CLI_SYSTEM_DEFAULTS_PATH', 'HOME'],
};
// Qwen Code runs no hook at all in bare or safe mode (flags or their variables, 0.x docs: "turn off all hooks,
// including user hooks"); its yolo still passes every call through the hook.
const QWEN: AgentCli = {
  label: 'Qwen Code',
  options: /^--(bare|safe-mode)(=|$)/,
  configVars: ['QWEN_HOME', 'QWEN_CODE_SAFE_MODE', 'QWEN_CODE_SIMPLE', 'QWEN_CODE_SYSTEM_SETTINGS_PATH', 'QWEN_CODE_SYSTEM_DEFAULTS_PATH', 'HOME'],
};
// Cline reads its user hooks from its configuration folder (`--config`, CLINE_DIR) and a project's from the folder it
// works in; `--hooks-dir` only adds hooks.
const CLINE: AgentCli = {
  label: 'Cline',
  options: /^--config(=|$)/,
  configVars: ['CLINE_DIR', 'HOME'],
};
// OpenCode runs Gatehouse as a plugin: `--pure` (OPENCODE_PURE) runs without plugins, OPENCODE_DISABLE_PROJECT_CONFIG
// skips a project's .opencode (its plugin too), and a config from elsewhere (OPENCODE_CONFIG, _CONTENT, _DIR, or
// XDG_CONFIG_HOME moving the user's) brings plugins whose tool.execute.before runs after Gatehouse's and may change the
// arguments it approved (1.18.33, read in its bundle).
const OPENCODE: AgentCli = {
  label: 'OpenCode',
  options: /^--pure(=|$)/,
  configVars: ['OPENCODE_PURE', 'OPENCODE_DISABLE_PROJECT_CONFIG', 'OPENCODE_CONFIG', 'OPENCODE_CONFIG_CONTENT', 'OPENCODE_CONFIG_DIR', 'OPENCODE_TEST_MANAGED_CONFIG_DIR', 'XDG_CONFIG_HOME', 'HOME'],
};
// Copilot CLI reads its user hooks from COPILOT_HOME; plugins and MCP servers loaded from the command line bring their
// own hooks and commands (as Claude Code's). Its --allow-all-tools / --yolo still pass every call through preToolUse,
// which Gatehouse answers (proven with the real program in test/agents/copilot.test.ts).
const COPILOT: AgentCli = {
  label: 'Copilot CLI',
  options: /^--(plugin-dir|additional-mcp-config)(=|$)/,
  configVars: ['COPILOT_HOME', 'HOME'],
};
// A version after the package name (`claude@1.2`).
const VERSION = /@[^/@]*$/;
const AGENTS: Record<string, AgentCli> = {
  claude: CLAUDE, 'claude-code': CLAUDE, '@anthropic-ai/claude-code': CLAUDE,
  codex: CODEX, '@openai/codex': CODEX,
  gemini: GEMINI, 'gemini-cli': GEMINI, '@google/gemini-cli': GEMINI,
  qwen: QWEN, 'qwen-code': QWEN, '@qwen-code/qwen-code': QWEN,
  cline: CLINE,
  opencode: OPENCODE, 'opencode-ai': OPENCODE,
  copilot: COPILOT, '@github/copilot': COPILOT,
};

/** The agent a program or package name runs (`claude`, `@openai/codex@1`), by its label, or undefined. */
export function agentLabel(name: string): string | undefined {
  return (AGENTS[name] ?? AGENTS[name.replace(/@[^/@]*$/, '')])?.label;
}

// Builtins that set the variables they name (`read X`, `printf -v X`, `export X`, `declare -x X`).
const SETTERS = new Set(['read', 'printf', 'mapfile', 'readarray', 'export', 'declare', 'typeset', 'local', 'readonly', 'getopts']);

/**
 * A variable of `names` given a value elsewhere in the command line than this command's prefix, or undefined: an
 * assignment in its text (`X=1;`, `export X=1`, `\${X:=1}`), or a builtin of `commands` that sets it (`read X`).
 * Expansions (`$X`, `\${X}`) only read it.
 */
function setInLine(line: string, commands: readonly SimpleCommand[], names: readonly string[]): string | undefined {
  const alt = names.join('|');
  const m = new RegExp(`(?<![\\w$])(?<!\\$\\{)(${alt})=|\\$\\{(${alt}):?=`).exec(line);
  if (m !== null) return m[1] ?? m[2];
  for (const c of commands) {
    if (!SETTERS.has(c.argv[0] ?? '')) continue;
    const word = c.argv.slice(1).find((w) => names.includes(w.split('=')[0]!));
    if (word !== undefined) return word.split('=')[0];
  }
  return undefined;
}

/**
 * Why this command runs an agent CLI outside the guard, or null: its permission checks bypassed (`claude
 * --dangerously-skip-permissions`, `codex --yolo`, `gemini -y`), its hooks or plugins off (`qwen --safe-mode`, `opencode
 * --pure`), settings, hooks or plugins replaced (`--settings`, `codex -c`, `copilot --plugin-dir`), or its configuration
 * moved by a variable, set as its prefix or anywhere in the command line `line` of `commands` (`export OPENCODE_PURE=1;
 * opencode run x`, `read HOME <<< /tmp/h; claude`).
 * Threat: a prompt-injected agent handing its task to an unguarded one.
 */
export function unguardedAgent(cmd: SimpleCommand, line = '', commands: readonly SimpleCommand[] = []): string | null {
  const name = cmd.argv[0] ?? '';
  const agent = AGENTS[name] ?? AGENTS[name.replace(VERSION, '')];
  if (agent === undefined) return null;
  const env = cmd.env.find((e) => agent.configVars.includes(e.name));
  if (env !== undefined) return `${name} runs ${agent.label} with ${env.name}=${env.value}, a configuration without Gatehouse's hook`;
  const set = setInLine(line, commands, agent.configVars);
  if (set !== undefined) return `${name} runs ${agent.label} after the command line sets ${set}, which may move its configuration or switch Gatehouse's hook off`;
  const args = cmd.argv.slice(1);
  const option = args.find((a) => agent.options.test(a));
  if (option !== undefined) return `${name} ${option} runs ${agent.label} with its permission checks or hooks switched off or replaced`;
  const v = agent.valued;
  const i = v === undefined ? -1 : args.findIndex((a, k) => (v.option.test(a) && v.value.test(args[k + 1] ?? '')) || (v.option.test(a.split('=')[0]!) && v.value.test(a.slice(a.indexOf('=') + 1)) && a.includes('=')));
  return i < 0 ? null : `${name} ${args[i]} runs ${agent.label} with its permission checks switched off`;
}
