// Which agents tell Gatehouse about every call that ran: read from what each one's installer writes, so an agent whose
// after-call event is declared but not installed (Cursor's afterShellExecution) is never counted, and a new agent needs
// no list kept by hand.
import type { InstallContext } from './installer.js';
import { AGENTS, type AgentEntry } from './registry.js';

/** A user-scope install on no real machine: only the texts the installer would write are read. */
const PROBE: Omit<InstallContext, 'state'> = { scope: { kind: 'user' }, env: {}, userHome: '/nonexistent-home', command: 'gatehouse hook probe' };

/** Whether the files an install of `agent` writes (or their names) carry its after-call event. */
function installsAfter(agent: AgentEntry): boolean {
  const ctx: InstallContext = { ...PROBE, state: {} };
  try {
    // Each edit's text in turn (a later one may read what an earlier one left in ctx.state); Cline's is a script per event.
    return agent.installer.edits(ctx).map((edit) => edit.path.endsWith(`/${agent.hook.after}`) || edit.add(null, ctx).includes(JSON.stringify(agent.hook.after))).includes(true);
  } catch {
    return false; // an installer that cannot write from nothing: counted as not reporting, so no call is marked "not run"
  }
}

/**
 * The agent kinds (the `agent` of their requests) whose installed hook reports every call that ran: for these, a
 * session that goes on without that report means the call did not run.
 */
export const REPORTING_AGENTS: ReadonlySet<string> = new Set(AGENTS.filter(installsAfter).map((a) => a.kind));
