// Where each agent keeps the configuration that can hold Gatehouse's hook, and whether it does: what `gatehouse
// doctor` reads. The files are the ones each registry agent's installer writes (user and project scope, so COPILOT_HOME,
// XDG_CONFIG_HOME and the like are respected as install respects them), plus the places agents also read that install
// never writes (Claude Code's settings.local.json): a new agent is checked without a list kept here.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { installedCommands } from '../agents/json-hooks.js';
import { AGENTS } from '../agents/registry.js';

/** One config file an agent reads. */
export interface AgentConfigFile {
  /** The agent's kind (`claude-code`, `opencode`, …). */
  agent: string;
  path: string;
  /** What the file is written in (`script`: a program the agent runs, Cline's hook script or OpenCode's plugin). */
  format: 'json' | 'toml' | 'script';
  /** How a script's hook commands are read back (the installer that writes it knows). */
  commands?: (text: string) => string[];
}

/** What was found in one config file. */
export interface ConfigFinding {
  file: AgentConfigFile;
  exists: boolean;
  /** Why it cannot be read as its format, or null. */
  parseError: string | null;
  /** Whether it runs `gatehouse hook <agent>`. */
  hasHook: boolean;
  /** The command hooks in it that run `gatehouse hook <agent>` (JSON files, Cline's scripts, OpenCode's plugin). */
  commands: string[];
}

/** `gatehouse hook <cli>` as a command (quoted, or inside a JS string as OpenCode's plugin holds it), or its HTTP route. */
function hookPattern(cli: string): RegExp {
  return new RegExp(`gatehouse(?:\\.js)?\\\\?["']?\\s+hook\\s+${cli}(?![\\w-])|/v1/hooks/${cli}(?![\\w-])`);
}

const HOOK_COMMAND: ReadonlyMap<string, RegExp> = new Map(AGENTS.map((a) => [a.kind, hookPattern(a.cli)]));

/** The user-level and project-level (in `cwd`) config files of every agent with a hook. */
export function agentConfigFiles(env: NodeJS.ProcessEnv, cwd: string, home: string = homedir()): AgentConfigFile[] {
  const files = new Map<string, AgentConfigFile>();
  for (const agent of AGENTS) {
    for (const scope of [{ kind: 'user' as const }, { kind: 'project' as const, dir: cwd }]) {
      for (const edit of agent.installer.edits({ scope, env, userHome: home, command: '', state: {} })) {
        files.set(edit.path, { agent: agent.kind, path: edit.path, format: edit.format === 'text' ? 'script' : edit.format, ...(edit.commands ? { commands: edit.commands } : {}) });
      }
    }
  }
  const local = join(cwd, '.claude', 'settings.local.json');
  files.set(local, { agent: 'claude-code', path: local, format: 'json' });
  return [...files.values()];
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
  const pattern = HOOK_COMMAND.get(file.agent) ?? hookPattern(file.agent);
  const commands = file.format === 'json' ? installedCommands(text, (h) => typeof h['command'] === 'string' && pattern.test(h['command'])) : (file.commands?.(text) ?? []);
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
