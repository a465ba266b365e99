// A contained allow delivered through the agent's edited-input channel: the same call, its command rewritten.
import type { ContainedProfile, ToolRequest, Verdict } from '../../../common/domain.js';
import type { ContainmentHost } from './host.js';

/** The call's args with `command` rewritten to run inside the profile's sandbox (Claude Code's Bash input). */
export async function containedArgs(request: ToolRequest, profile: ContainedProfile, host: ContainmentHost): Promise<Record<string, unknown>> {
  const command = request.args['command'];
  if (typeof command !== 'string') throw new Error(`${request.tool_name} has no command string to contain`);
  return { ...request.args, command: await host.wrap(command, profile, request.id) };
}

/**
 * Where containment cannot run the call, the contained allow becomes a question — never an allow as is.
 * Threat: a sandbox that did not start (no user namespaces, bwrap missing) must not turn contained calls into free ones.
 */
export function askInstead(verdict: Verdict, why: string): Verdict {
  const { contained: _profile, ...rest } = verdict;
  return { ...rest, decision: 'ask', reasons: [...verdict.reasons, `built-in: the sandbox cannot run this contained (${why}), so Gatehouse asks instead of running it uncontained`] };
}
