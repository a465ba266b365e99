// Which subagent asked: Claude Code (2.1.x) adds `agent_id` and `agent_type` to a hook event fired from within a
// subagent (its Task/Agent workers; `agent_type` alone is the main thread of an `--agent` session), Qwen Code (0.24)
// `agent_id`. The session stays the parent's, so grants (keyed on the session) are not widened or narrowed by it: the
// chain is only shown, in the queue and the audit.
import type { Subagent } from '../../../common/domain.js';

/** The subagent an event names, or undefined when it names none (a mistyped or empty id is no subagent). */
export function subagentOf(event: object): Subagent | undefined {
  const { agent_id: id, agent_type: type } = event as { agent_id?: unknown; agent_type?: unknown };
  if (typeof id !== 'string' || id === '') return undefined;
  return typeof type === 'string' && type !== '' ? { id: id.slice(0, 200), type: type.slice(0, 200) } : { id: id.slice(0, 200) };
}
