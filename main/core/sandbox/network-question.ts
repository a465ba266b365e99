// A contained command's connection to a host no rule lets through becomes a Gatehouse request `Network` {host, port},
// decided by the rules (Network/WebFetch domain rules) or the person while the command waits.
import type { Core } from '../core.js';
import { NETWORK_TOOL } from '../policy/request/tools.js';
import type { NetworkQuestion } from './host.js';

/** Longest a connection waits for the person (the hook route's own limit). */
const MAX_WAIT_SECONDS = 590;

/**
 * The ask callback of the sandbox's proxy: approved → the connection goes through; anything else (denied, expired,
 * cancelled, Gatehouse failing) → the program sees a refused connection. The request has no workspace (the proxy does
 * not know which command connects), so domain rules scoped to a workspace do not decide it.
 */
export function networkQuestion(core: () => Core): NetworkQuestion {
  return async (host, port) => {
    try {
      const c = core();
      const timeout = c.settings().timeout_seconds;
      const wait = timeout > 0 ? Math.min(timeout + 1, MAX_WAIT_SECONDS) : MAX_WAIT_SECONDS;
      const args: Record<string, unknown> = port === undefined ? { host } : { host, port };
      const record = await c.submit({ agent: 'sandbox', tool_name: NETWORK_TOOL, args, cwd: '/', session_id: null, description: `a contained command connects to ${host}${port ? `:${port}` : ''}` }, { wait });
      return record.status === 'approved';
    } catch {
      return false;
    }
  };
}
