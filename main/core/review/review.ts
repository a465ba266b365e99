// Review material for one request: a file diff, a command broken into parts, or the exact arguments (secrets masked on screen).
import type { CommandReview, Review, StructuredReview } from '../../../common/api.js';
import type { ToolRequest } from '../../../common/domain.js';
import { sandboxOverride, toolFamily } from '../policy/index.js';
import type { ShellAnalysis, ShellContext } from '../shell/types.js';
import { fileChangeReview } from './file-change.js';
import { shellCommandOf } from './shell-command.js';

/** What the review needs from the rest of the core. */
export interface ReviewDeps {
  analyzeShell(command: string, ctx: ShellContext): ShellAnalysis;
  /** The on-screen mask of structured args (the store's redaction). */
  redact(value: unknown): unknown;
  home: string;
}

/** Builds the review of a request; `request.args` must be the agent's original args (the diff needs the real text). */
export async function buildReview(request: ToolRequest, deps: ReviewDeps): Promise<Review> {
  const family = toolFamily(request.tool_name);
  if (family === 'write') return fileChangeReview(request.tool_name, request.args, request.cwd);
  const command = family === 'shell' ? shellCommandOf(request.args) : null;
  if (command !== null) return commandReview(command, request, deps);
  return structuredReview(request.args, deps.redact);
}

/**
 * The exact args, and a masked copy only when redaction hides something: the screen may hide a secret, but then says
 * so and reveals it on request. Threat: a redaction rule (a key without END, an `auth…` name) hid part of a payload
 * and the person approved writing what they never saw.
 */
export function structuredReview(args: Record<string, unknown>, redact: (value: unknown) => unknown): StructuredReview {
  const masked = redact(args);
  return JSON.stringify(masked) === JSON.stringify(args) ? { kind: 'structured', args } : { kind: 'structured', args, masked };
}

function commandReview(command: string, request: ToolRequest, deps: ReviewDeps): CommandReview {
  const cwd = request.cwd ?? (typeof request.args['dir_path'] === 'string' ? request.args['dir_path'] : null);
  const analysis = deps.analyzeShell(command, { cwd: cwd ?? deps.home, home: deps.home });
  const envPrefixes: string[] = [];
  for (const cmd of analysis.commands) {
    for (const { name, value } of cmd.env) {
      const text = `${name}=${value}`;
      if (!envPrefixes.includes(text)) envPrefixes.push(text);
    }
  }
  const review: CommandReview = {
    kind: 'command',
    command,
    cwd,
    env_prefixes: envPrefixes,
    parts: analysis.commands.map((c) => ({ text: c.text, start: c.span.start, end: c.span.end })),
  };
  const sandboxOff = sandboxOverride(request.args);
  if (sandboxOff !== null) review.sandbox_off = sandboxOff;
  const timeout = request.args['timeout'];
  if (typeof timeout === 'number' && Number.isFinite(timeout)) review.timeout_ms = timeout;
  return review;
}
