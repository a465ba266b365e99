// The notes waiting for a call the person approved with edits to run: the agent's after-call hook answer carries the
// note to the model (Claude Code, Gemini CLI, OpenCode), once. A call that never runs must not keep its note for ever.
import type { RequestRecord } from '../../../common/domain.js';
import { changedFields, editNotice, same } from './edit-notice.js';

/** How long a note waits for its call to run. */
export const NOTE_TTL_MS = 60 * 60 * 1000;
/** The most notes kept; past this the oldest is dropped. */
export const MAX_NOTES = 1000;

/** A call that ran, as the agent's after-call event names it, in Gatehouse's vocabulary. */
export interface RanCallKey {
  agent: string;
  session_id: string | null;
  tool_name: string;
  args: Record<string, unknown>;
}

interface Waiting {
  agent: string;
  session_id: string | null;
  tool_name: string;
  /** The changed fields still present in the edit, with the values that ran. */
  ran: Array<[string, unknown]>;
  note: string;
  at: number;
}

/** Notes by request id, oldest first. */
export class EditNotes {
  private readonly notes = new Map<string, Waiting>();

  constructor(private readonly now: () => Date) {}

  /** A call the person approved with edited arguments: its note waits for the call to run. Anything else is ignored. */
  remember(record: RequestRecord): void {
    const d = record.decision;
    if (record.status !== 'approved' || d?.decided_by !== 'user' || !d.updated_args) return;
    const { request } = record;
    const note = editNotice(request.args, d.updated_args, d.reason);
    if (note === null) return;
    this.expire();
    const edited = d.updated_args;
    const ran = changedFields(request.args, edited).filter((k) => k in edited).map((k): [string, unknown] => [k, edited[k]]);
    this.notes.delete(request.id);
    this.notes.set(request.id, { agent: request.agent, session_id: request.session_id, tool_name: request.tool_name, ran, note, at: this.now().getTime() });
    if (this.notes.size > MAX_NOTES) this.notes.delete(this.notes.keys().next().value!);
  }

  /** The note for a call that ran (the oldest one whose edited values it ran with), handed out once; null when none. */
  take(call: RanCallKey): string | null {
    this.expire();
    for (const [id, w] of this.notes) {
      if (w.agent !== call.agent || w.session_id !== call.session_id || w.tool_name !== call.tool_name) continue;
      if (!w.ran.every(([k, v]) => same(call.args[k], v))) continue;
      this.notes.delete(id);
      return w.note;
    }
    return null;
  }

  /** How many notes wait (for tests and metrics). */
  get size(): number {
    return this.notes.size;
  }

  private expire(): void {
    const oldest = this.now().getTime() - NOTE_TTL_MS;
    for (const [id, w] of this.notes) {
      if (w.at >= oldest) break;
      this.notes.delete(id);
    }
  }
}
