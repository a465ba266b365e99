// `gatehouse hook <agent>` wall time for every agent with a command hook (a real process against a running Gatehouse, rule-decided) as a
// ratio to `node -e 0`, all measured here as the median of the same number of interleaved runs.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startRuleDecidedGatehouse } from '../support/rule-decided.js';
import { percentile, type BenchRow, type BenchSuite } from '../types.js';

// 41 interleaved runs a side: with 21 the same build's median ratio moved by ±0.05× from one run to the next.
const RUNS = 41;
// dist/bench/suites → repository root.
const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'gatehouse.js');

/** Runs node with args and stdin; resolves with the wall time in ms and stdout. */
function timed(args: string[], stdin: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; stdout: string }> {
  const start = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.on('error', fail);
    child.on('close', () => done({ ms: performance.now() - start, stdout }));
    child.stdin.end(stdin);
  });
}

/** Each agent's hook and the same rule-decided call in its own dialect, with what its allow looks like on stdout. */
function agentEvents(claudeEvent: string): Array<{ cli: string; event: string; allowed: (stdout: string) => boolean }> {
  const e = JSON.parse(claudeEvent) as Record<string, unknown>;
  const gemini = { ...e, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', timestamp: new Date().toISOString() };
  const command = (e['tool_input'] as { command: string }).command;
  const { cwd, session_id: session } = e as { cwd: string; session_id: string };
  return [
    { cli: 'claude-code', event: claudeEvent, allowed: (out) => out.includes('"permissionDecision":"allow"') },
    { cli: 'gemini', event: JSON.stringify(gemini), allowed: (out) => out.includes('"decision":"allow"') },
    // Codex's PreToolUse honours only deny: its allow is no output at all (Qwen Code's and Cline's too).
    { cli: 'codex', event: JSON.stringify({ ...e, turn_id: 'bench', model: 'bench' }), allowed: (out) => out === '' },
    { cli: 'copilot', event: JSON.stringify({ sessionId: session, timestamp: Date.now(), cwd, toolName: 'bash', toolArgs: { command } }), allowed: (out) => out.includes('"permissionDecision":"allow"') },
    { cli: 'opencode', event: JSON.stringify({ hook_event_name: 'tool.execute.before', tool_name: 'bash', tool_input: { command }, session_id: session, call_id: 'bench', cwd }), allowed: (out) => out.includes('"decision":"allow"') },
    { cli: 'qwen', event: JSON.stringify({ ...e, tool_name: 'run_shell_command' }), allowed: (out) => out === '' },
    {
      cli: 'cline',
      event: JSON.stringify({ hookName: 'tool_call', taskId: session, workspaceRoots: [cwd], tool_call: { id: 'bench', name: 'run_commands', input: { commands: [command] } }, preToolUse: { toolName: 'run_commands', parameters: {} } }),
      allowed: (out) => out === '',
    },
  ];
}

export const suite: BenchSuite = {
  name: 'hook',
  async run(): Promise<BenchRow[]> {
    const { home, event, close } = await startRuleDecidedGatehouse('hook');
    try {
      const env = { ...process.env, GATEHOUSE_HOME: home };
      const agents = agentEvents(event);
      for (const a of agents) {
        const check = await timed([BIN, 'hook', a.cli], a.event, env);
        if (!a.allowed(check.stdout)) throw new Error(`the ${a.cli} hook did not answer allow: ${JSON.stringify(check.stdout)}`);
      }
      const times = new Map<string, number[]>(agents.map((a) => [a.cli, []]));
      const bare: number[] = [];
      // Interleaved, so machine load drifts affect every side alike.
      for (let i = 0; i < RUNS; i++) {
        bare.push((await timed(['-e', '0'], '', env)).ms);
        for (const a of agents) times.get(a.cli)!.push((await timed([BIN, 'hook', a.cli], a.event, env)).ms);
      }
      const bareMs = percentile(bare, 50);
      return agents.flatMap((a) => {
        const hookMs = percentile(times.get(a.cli)!, 50);
        const ratio = hookMs / bareMs;
        const label = a.cli === 'claude-code' ? 'hook' : `hook ${a.cli}`;
        return [
          { name: `gatehouse hook ${a.cli} wall time (median)`, value: hookMs, unit: 'ms', baseline: { name: 'node -e 0', value: bareMs, unit: 'ms' } },
          { name: `${label} wall time ratio`, value: ratio, unit: '×', baseline: { name: 'node -e 0', value: 1, unit: '×' }, goal: '≤ 1.5×', met: ratio <= 1.5 },
        ];
      });
    } finally {
      await close();
    }
  },
};
