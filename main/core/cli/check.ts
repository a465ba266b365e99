// `gatehouse check --rules FILE [--cwd DIR] [--mode M]`: one Claude Code PreToolUse event (stdin) against a rules file.
// No server, no database, no side effects; prints one JSON line (DESIGN.md "Interfaces").
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Mode, Rule, RuleAction, ToolRequest } from '../../../common/domain.js';
import { decide, parseRulePattern, payloadFingerprint } from '../policy/index.js';
import { resolveHome } from '../store/home.js';

/** Where runCheck reads and writes, injected so tests need no process. */
export interface CheckIO {
  stdin: string;
  stdout(s: string): void;
  stderr(s: string): void;
}

const USAGE = 'usage: gatehouse check --rules FILE [--cwd DIR] [--mode interactive|approve-all|strict] < event.json';
const MODES: readonly Mode[] = ['interactive', 'approve-all', 'strict'];
const ACTIONS: readonly RuleAction[] = ['deny', 'ask', 'allow'];

/** Input the command cannot use; the message goes to stderr as is. */
class UsageError extends Error {
  constructor(message: string, readonly code = 1) {
    super(message);
  }
}

interface CheckArgs {
  rules: string;
  cwd?: string;
  mode: Mode;
}

function parseArgs(argv: string[]): CheckArgs | 'help' {
  const opts: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return 'help';
    const m = /^--(rules|cwd|mode)(?:=(.*))?$/.exec(a);
    if (!m) throw new UsageError(`unknown argument "${a}"\n${USAGE}`, 2);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${m[1]} needs a value\n${USAGE}`, 2);
    opts[m[1]!] = value;
  }
  if (opts['rules'] === undefined) throw new UsageError(`--rules FILE is required\n${USAGE}`, 2);
  const mode = (opts['mode'] ?? 'interactive') as Mode;
  if (!MODES.includes(mode)) throw new UsageError(`unknown mode "${mode}": use interactive, approve-all or strict`, 2);
  const out: CheckArgs = { rules: opts['rules'], mode };
  if (opts['cwd'] !== undefined) out.cwd = path.resolve(opts['cwd']);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads `{"allow":[],"ask":[],"deny":[]}` (or a settings.json with a `permissions` block) into rules. */
async function readRules(file: string): Promise<Rule[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read rules file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`rules file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  const block = isObject(json) && isObject(json['permissions']) ? json['permissions'] : json;
  if (!isObject(block)) throw new UsageError(`rules file ${file} must be a JSON object {"allow": [], "ask": [], "deny": []}`);
  const created = new Date().toISOString();
  const rules: Rule[] = [];
  for (const action of ACTIONS) {
    const list = block[action] ?? [];
    if (!Array.isArray(list)) throw new UsageError(`rules file ${file}: "${action}" must be a list of rule patterns`);
    list.forEach((pattern: unknown, i) => {
      if (typeof pattern !== 'string') throw new UsageError(`rules file ${file}: ${action}[${i}] is not a string`);
      try {
        parseRulePattern(pattern);
      } catch (e) {
        throw new UsageError(`rules file ${file}: ${action}[${i}]: ${(e as Error).message}`);
      }
      rules.push({
        id: `${action}[${i}]`, action, pattern, scope: null, enabled: true, expires_at: null, uses_left: null,
        note: null, created_at: created, last_used_at: null, hit_count: 0, source: 'import',
      });
    });
  }
  return rules;
}

/** Reads one Claude Code hook event into a request. */
function readEvent(stdin: string, cwdOverride: string | undefined): ToolRequest {
  let event: unknown;
  try {
    event = JSON.parse(stdin);
  } catch (e) {
    throw new UsageError(`stdin is not a JSON hook event: ${(e as Error).message}`);
  }
  if (!isObject(event)) throw new UsageError('stdin must be one JSON object (a Claude Code PreToolUse event)');
  const tool = event['tool_name'];
  if (typeof tool !== 'string' || tool.trim() === '') throw new UsageError('the event has no tool_name');
  const input = event['tool_input'] ?? {};
  if (!isObject(input)) throw new UsageError('the event\'s tool_input must be a JSON object');
  const cwd = cwdOverride ?? event['cwd'];
  if (typeof cwd !== 'string' || !path.isAbsolute(cwd)) throw new UsageError('no working directory: the event has no absolute "cwd"; pass --cwd DIR');
  const session = event['session_id'];
  return {
    id: 'check',
    received_at: new Date().toISOString(),
    agent: 'claude-code',
    session_id: typeof session === 'string' ? session : null,
    cwd,
    tool_name: tool,
    args: input,
    payload: payloadFingerprint(tool, input),
  };
}

/** Runs `gatehouse check`; returns the exit code (0 whatever the decision, non-zero for unusable input). */
export async function runCheck(argv: string[], io: CheckIO): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const rules = await readRules(args.rules);
    const request = readEvent(io.stdin, args.cwd);
    const verdict = await decide(request, {
      rules,
      sessionApprovals: [],
      mode: args.mode,
      home: homedir(),
      gatehouseHome: resolveHome(process.env),
      now: new Date(),
    });
    io.stdout(`${JSON.stringify({ decision: verdict.decision, reasons: verdict.reasons, risks: verdict.risks })}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`gatehouse check: ${e.message}\n`);
      return e.code;
    }
    io.stderr(`gatehouse check: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
