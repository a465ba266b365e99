// Every agent Gatehouse connects to, with the same parts: hook dialect, installer, native policy.
// The next agent is one new folder and one line here.
import type { HookAgent } from './hook-agent.js';
import type { AgentInstaller } from './installer.js';
import { claudeCodeHook } from './claude-code/hook-io.js';
import { claudeCodeInstaller } from './claude-code/installer.js';
import { claudeCodeNativePolicy } from './claude-code/native-policy.js';
import { codexHook } from './codex/hook-io.js';
import { codexInstaller } from './codex/installer.js';
import { codexNativePolicy } from './codex/native-policy.js';
import { geminiHook } from './gemini/hook-io.js';
import { geminiInstaller } from './gemini/installer.js';
import { geminiNativePolicy } from './gemini/native-policy.js';
import type { NativePolicy } from './native-policy.js';

/** One connectable agent. */
export interface AgentEntry {
  /** The name people type (`gatehouse install gemini`). */
  cli: string;
  /** The agent field on its requests (what every view shows). */
  kind: string;
  title: string;
  hook: HookAgent;
  installer: AgentInstaller;
  nativePolicy: NativePolicy;
}

/** Claude Code, Gemini CLI, Codex. */
export const AGENTS: readonly AgentEntry[] = [
  { cli: 'claude-code', kind: 'claude-code', title: 'Claude Code', hook: claudeCodeHook, installer: claudeCodeInstaller, nativePolicy: claudeCodeNativePolicy },
  { cli: 'gemini', kind: 'gemini-cli', title: 'Gemini CLI', hook: geminiHook, installer: geminiInstaller, nativePolicy: geminiNativePolicy },
  { cli: 'codex', kind: 'codex', title: 'Codex', hook: codexHook, installer: codexInstaller, nativePolicy: codexNativePolicy },
];

/** The agent for a name, or undefined. */
export function findAgent(cli: string): AgentEntry | undefined {
  return AGENTS.find((a) => a.cli === cli);
}
