// Where each agent keeps the configuration that can hold Gatehouse's hook, and whether it does: what `gatehouse
// doctor` reads. Respects CLAUDE_CONFIG_DIR, GEMINI_CLI_HOME, CODEX_HOME, COPILOT_HOME, QWEN_HOME and CLINE_DIR.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { installedCommands } from '../agents/json-hooks.js';

/** One config file an agent reads. */
export interface AgentConfigFile {
  agent: 'claude-code' | 'gemini-cli' | 'codex' | 'copilot-cli' | 'qwen-code' | 'cline';
  path: string;
  /** What the file is written in (`script`: a hook program the agent runs, Cline's). */
  format: 'json' | 'toml' | 'script';
}

/** What was found in one config file. */
export interface ConfigFinding {
  file: AgentConfigFile;
  exists: boolean;
  /** Why it cannot be read as its format, or null. */
  parseError: string | null;
  /** Whether it runs `gatehouse hook <agent>`. */
  hasHook: boolean;
  /** The command hooks in it that run `gatehouse hook <agent>` (JSON files). */
  commands: string[];
}

const HOOK_COMMAND: Record<AgentConfigFile['agent'], RegExp> = {
  'claude-code': /gatehouse(?:\.js)?["']?\s+hook\s+claude-code|\/v1\/hooks\/claude-code/,
  'gemini-cli': /gatehouse(?:\.js)?["']?\s+hook\s+gemini/,
  codex: /gatehouse(?:\.js)?["']?\s+hook\s+codex/,
  'copilot-cli': /gatehouse(?:\.js)?["']?\s+hook\s+copilot(?![\w-])/,
  'qwen-code': /gatehouse(?:\.js)?["']?\s+hook\s+qwen(?![\w-])/,
  cline: /gatehouse(?:\.js)?["']?\s+hook\s+cline(?![\w-])/,
};

/** The user-level and project-level (in `cwd`) config files of every agent with a hook. */
export function agentConfigFiles(env: NodeJS.ProcessEnv, cwd: string, home: string = homedir()): AgentConfigFile[] {
  const claude = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  const gemini = join(env.GEMINI_CLI_HOME || home, '.gemini');
  const codex = env.CODEX_HOME || join(home, '.codex');
  const json = (agent: AgentConfigFile['agent'], path: string): AgentConfigFile => ({ agent, path, format: 'json' });
  return [
    json('claude-code', join(claude, 'settings.json')),
    json('claude-code', join(cwd, '.claude', 'settings.json')),
    json('claude-code', join(cwd, '.claude', 'settings.local.json')),
    json('gemini-cli', join(gemini, 'settings.json')),
    json('gemini-cli', join(cwd, '.gemini', 'settings.json')),
    json('codex', join(codex, 'hooks.json')),
    { agent: 'codex', path: join(codex, 'config.toml'), format: 'toml' },
    json('copilot-cli', join(env.COPILOT_HOME || join(home, '.copilot'), 'settings.json')),
    json('copilot-cli', join(cwd, '.github', 'hooks', 'gatehouse.json')),
    json('qwen-code', join(env.QWEN_HOME || join(home, '.qwen'), 'settings.json')),
    json('qwen-code', join(cwd, '.qwen', 'settings.json')),
    { agent: 'cline', path: join(env.CLINE_DIR || join(home, '.cline'), 'hooks', 'PreToolUse'), format: 'script' },
    { agent: 'cline', path: join(cwd, '.clinerules', 'hooks', 'PreToolUse'), format: 'script' },
  ];
}

/** Reads one config file: does it exist, does it parse, does it run Gatehouse's hook. */
export function inspectConfig(file: AgentConfigFile): ConfigFinding {
  if (!existsSync(file.path)) return { file, exists: false, parseError: null, hasHook: false, commands: [] };
  let text: string;
  try {
    text = readFileSync(file.path, 'utf8');
  } catch (err) {
    return { file, exists: true, parseError: (err as Error).message, hasHook: false, commands: [] };
  }
  const pattern = HOOK_COMMAND[file.agent];
  const commands = file.format === 'json' ? installedCommands(text, (h) => typeof h['command'] === 'string' && pattern.test(h['command'])) : [];
  return { file, exists: true, parseError: parseProblem(file.format, text), hasHook: pattern.test(text), commands };
}

/** Why a config text does not parse (with its line), or null. */
export function parseProblem(format: 'json' | 'toml' | 'script', text: string): string | null {
  if (format === 'script') return null;
  if (format === 'toml') {
    try {
      parseToml(text);
      return null;
    } catch (err) {
      return (err as Error).message.split('\n')[0] ?? 'invalid TOML';
    }
  }
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (!first) return null;
  const line = text.slice(0, first.offset).split('\n').length;
  return `${printParseErrorCode(first.error)} at line ${line}`;
}
