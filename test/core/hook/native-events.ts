// One shell call `command` in every hook agent's own dialect, as its hook gets it on stdin (the bench's hook row
// sends the same shapes), for tests that run each agent's hook.
import type { HookAgent } from '../../../main/core/agents/hook-agent.js';

/** The event an agent's PreToolUse-like hook gets for running `command` in `cwd`. */
export function shellEvent(agent: HookAgent, command: string, cwd: string, session: string): string {
  const claude = { session_id: session, transcript_path: '/tmp/t.jsonl', cwd, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_native' };
  switch (agent.cli) {
    case 'claude-code':
      return JSON.stringify(claude);
    case 'gemini':
      return JSON.stringify({ ...claude, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', timestamp: new Date().toISOString() });
    case 'codex':
      return JSON.stringify({ ...claude, turn_id: 'native', model: 'native' });
    case 'qwen':
      return JSON.stringify({ ...claude, tool_name: 'run_shell_command' });
    case 'copilot':
      return JSON.stringify({ sessionId: session, timestamp: Date.now(), cwd, toolName: 'bash', toolArgs: { command } });
    case 'opencode':
      return JSON.stringify({ hook_event_name: 'tool.execute.before', tool_name: 'bash', tool_input: { command }, session_id: session, call_id: 'native', cwd });
    case 'cline':
      return JSON.stringify({ hookName: 'tool_call', taskId: session, workspaceRoots: [cwd], tool_call: { id: 'native', name: 'run_commands', input: { commands: [command] } }, preToolUse: { toolName: 'run_commands', parameters: {} } });
    case 'cursor':
      return JSON.stringify({ hook_event_name: 'beforeShellExecution', conversation_id: session, command, cwd, workspace_roots: [cwd] });
    default:
      throw new Error(`no shell event for ${agent.cli}: add one here`);
  }
}
