// Every agent Gatehouse connects to, with the same parts: hook dialect, installer, native policy, MCP servers.
// The next agent is one new folder and one line here.
import type { HookAgent } from './hook-agent.js';
import type { AgentInstaller } from './installer.js';
import { claudeCodeHook } from './claude-code/hook-io.js';
import { claudeCodeInstaller } from './claude-code/installer.js';
import { claudeCodeNativePolicy } from './claude-code/native-policy.js';
import { claudeCodeMcpServers } from './claude-code/mcp-servers.js';
import { codexHook } from './codex/hook-io.js';
import { codexInstaller } from './codex/installer.js';
import { codexNativePolicy } from './codex/native-policy.js';
import { codexMcpFile, codexWrapEdit } from './codex/mcp-servers.js';
import { copilotHook } from './copilot/hook-io.js';
import { copilotInstaller } from './copilot/installer.js';
import { copilotNativePolicy } from './copilot/native-policy.js';
import { copilotMcpServers } from './copilot/mcp-servers.js';
import { geminiHook } from './gemini/hook-io.js';
import { geminiInstaller } from './gemini/installer.js';
import { geminiNativePolicy } from './gemini/native-policy.js';
import { geminiMcpServers } from './gemini/mcp-servers.js';
import { qwenHook } from './qwen/hook-io.js';
import { qwenInstaller } from './qwen/installer.js';
import { qwenNativePolicy } from './qwen/native-policy.js';
import { qwenMcpServers } from './qwen/mcp-servers.js';
import { clineHook } from './cline/hook-io.js';
import { clineInstaller } from './cline/installer.js';
import { clineNativePolicy } from './cline/native-policy.js';
import { clineMcpServers } from './cline/mcp-servers.js';
import { opencodeHook } from './opencode/hook-io.js';
import { opencodeInstaller } from './opencode/installer.js';
import { opencodeNativePolicy } from './opencode/native-policy.js';
import { opencodeMcpFile, opencodeMcpWrap } from './opencode/mcp-servers.js';
import { cursorHook } from './cursor/hook-io.js';
import { cursorInstaller } from './cursor/installer.js';
import { cursorNativePolicy } from './cursor/native-policy.js';
import { cursorMcpServers } from './cursor/mcp-servers.js';
import type { NativePolicy } from './native-policy.js';
import type { FileEdit, InstallContext } from './installer.js';
import { jsonWrapEdit, type McpServersConfig, type ProxyCommand } from './mcp-wrap.js';

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
  /** The edit that puts MCP server `name` behind the proxy (and takes it out again). */
  mcpWrap(ctx: InstallContext, name: string, proxy: ProxyCommand): FileEdit;
  /** The file that holds its MCP servers for a scope (what `doctor` and `status` read for proxied ones). */
  mcpFile(ctx: InstallContext): { path: string; format: 'json' | 'toml' };
}

const jsonWrap = (config: McpServersConfig) => (ctx: InstallContext, name: string, proxy: ProxyCommand) => jsonWrapEdit(config.locate(ctx), name, proxy);
const jsonFile = (config: McpServersConfig) => (ctx: InstallContext) => ({ path: config.locate(ctx).path, format: 'json' as const });

/** Claude Code, Gemini CLI, Codex. */
export const AGENTS: readonly AgentEntry[] = [
  { cli: 'claude-code', kind: 'claude-code', title: 'Claude Code', hook: claudeCodeHook, installer: claudeCodeInstaller, nativePolicy: claudeCodeNativePolicy, mcpWrap: jsonWrap(claudeCodeMcpServers), mcpFile: jsonFile(claudeCodeMcpServers) },
  { cli: 'gemini', kind: 'gemini-cli', title: 'Gemini CLI', hook: geminiHook, installer: geminiInstaller, nativePolicy: geminiNativePolicy, mcpWrap: jsonWrap(geminiMcpServers), mcpFile: jsonFile(geminiMcpServers) },
  { cli: 'codex', kind: 'codex', title: 'Codex', hook: codexHook, installer: codexInstaller, nativePolicy: codexNativePolicy, mcpWrap: codexWrapEdit, mcpFile: codexMcpFile },
  { cli: 'copilot', kind: 'copilot-cli', title: 'Copilot CLI', hook: copilotHook, installer: copilotInstaller, nativePolicy: copilotNativePolicy, mcpWrap: jsonWrap(copilotMcpServers), mcpFile: jsonFile(copilotMcpServers) },
  { cli: 'qwen', kind: 'qwen-code', title: 'Qwen Code', hook: qwenHook, installer: qwenInstaller, nativePolicy: qwenNativePolicy, mcpWrap: jsonWrap(qwenMcpServers), mcpFile: jsonFile(qwenMcpServers) },
  { cli: 'cline', kind: 'cline', title: 'Cline', hook: clineHook, installer: clineInstaller, nativePolicy: clineNativePolicy, mcpWrap: jsonWrap(clineMcpServers), mcpFile: jsonFile(clineMcpServers) },
  { cli: 'opencode', kind: 'opencode', title: 'OpenCode', hook: opencodeHook, installer: opencodeInstaller, nativePolicy: opencodeNativePolicy, mcpWrap: opencodeMcpWrap, mcpFile: opencodeMcpFile },
  { cli: 'cursor', kind: 'cursor', title: 'Cursor', hook: cursorHook, installer: cursorInstaller, nativePolicy: cursorNativePolicy, mcpWrap: jsonWrap(cursorMcpServers), mcpFile: jsonFile(cursorMcpServers) },
];

/** The agent for a name, or undefined. */
export function findAgent(cli: string): AgentEntry | undefined {
  return AGENTS.find((a) => a.cli === cli);
}
