// How the queue is laid out: by agent session, then by batch (group_id), oldest first.
import type { RequestRecord } from '../../common/domain.js';

/** Requests an agent sent together (same group_id), or one ungrouped request. */
export interface QueueBatch {
  groupId: string | null;
  records: RequestRecord[];
}

/** Everything pending from one agent session. */
export interface QueueSession {
  key: string;
  agent: string;
  sessionId: string | null;
  batches: QueueBatch[];
}

const byAge = (a: RequestRecord, b: RequestRecord): number =>
  a.request.received_at < b.request.received_at ? -1 : a.request.received_at > b.request.received_at ? 1 : a.request.id < b.request.id ? -1 : 1;

/** Groups pending requests by session and batch; sessions, batches and requests all oldest first. */
export function groupQueue(records: readonly RequestRecord[]): QueueSession[] {
  const sessions = new Map<string, QueueSession>();
  for (const record of [...records].sort(byAge)) {
    const { agent, session_id: sessionId, group_id: groupId } = record.request;
    const key = `${agent}\u0000${sessionId ?? ''}`;
    let session = sessions.get(key);
    if (!session) {
      session = { key, agent, sessionId, batches: [] };
      sessions.set(key, session);
    }
    const batch = groupId ? session.batches.find((b) => b.groupId === groupId) : undefined;
    if (batch) batch.records.push(record);
    else session.batches.push({ groupId: groupId ?? null, records: [record] });
  }
  return [...sessions.values()];
}

/** Request ids in the order the queue shows them (what `j`/`k` walk through). */
export function queueOrder(sessions: readonly QueueSession[]): string[] {
  return sessions.flatMap((s) => s.batches.flatMap((b) => b.records.map((r) => r.request.id)));
}

/** The id `delta` steps from `current` in `order`, clamped to the ends; the first one when nothing is focused. */
export function stepId(order: readonly string[], current: string | null, delta: number): string | null {
  if (order.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  if (at === -1) return order[0] ?? null;
  return order[Math.min(order.length - 1, Math.max(0, at + delta))] ?? null;
}
