// The pending queue as the person sees it: kept live from subscribe() events, decided through api().
import { useMemo } from 'react';
import { create } from 'zustand';
import type { DecisionInput } from '../../common/api.js';
import type { GatehouseEvent } from '../../common/api.js';
import type { RequestRecord } from '../../common/domain.js';
import { api } from '../api/current.js';
import { groupQueue, queueOrder, stepId, type QueueSession } from '../queue/grouping.js';

/** A short message about the last action, shown in a live region. */
export interface Notice {
  text: string;
  tone: 'info' | 'error';
}

/** Queue data, focus, batch selection and the verbs that change them. */
export interface QueueState {
  /** Pending requests by id. */
  records: Record<string, RequestRecord>;
  focusedId: string | null;
  selected: string[];
  phase: 'loading' | 'ready' | 'error';
  /** Why the queue could not be loaded (e.g. not signed in), shown until a load succeeds. */
  loadError: string | null;
  notice: Notice | null;
  load(): Promise<boolean>;
  apply(event: GatehouseEvent): void;
  focus(id: string | null): void;
  move(delta: number): void;
  toggleSelected(id: string): void;
  setSelected(ids: string[]): void;
  decide(id: string, input: DecisionInput): Promise<boolean>;
  decideMany(ids: string[], input: DecisionInput): Promise<void>;
  say(text: string, tone?: Notice['tone']): void;
}

const order = (records: Record<string, RequestRecord>): string[] => queueOrder(groupQueue(Object.values(records)));

/** Past-tense label of a decision, for notices. */
export function decisionLabel(input: DecisionInput): string {
  if (!input.approved) return 'Denied';
  if (input.scope === 'session') return 'Approved for this session';
  if (input.scope === 'always') return 'Approved always';
  return input.updated_args ? 'Approved with your edits' : 'Approved once';
}

/** The other waiting calls a grant decided, in words: "2 calls (Bash `npm test`, Edit src/a.ts)". */
export function releasedText(records: Record<string, RequestRecord>, ids: readonly string[]): string {
  const names = ids.map((id) => {
    const r = records[id]?.request;
    if (!r) return 'a call';
    const what = typeof r.args['command'] === 'string' ? ` \`${r.args['command'].slice(0, 60)}\`` : typeof r.args['file_path'] === 'string' ? ` ${r.args['file_path']}` : '';
    return `${r.tool_name}${what}`;
  });
  return `${ids.length} call${ids.length === 1 ? '' : 's'} (${names.join(', ')})`;
}

/** Removes ids from the queue, moving focus to the next request in queue order. */
function without(state: QueueState, ids: readonly string[]): Partial<QueueState> {
  const before = order(state.records);
  const records = { ...state.records };
  for (const id of ids) delete records[id];
  let focusedId = state.focusedId;
  if (focusedId && !records[focusedId]) {
    const at = before.indexOf(focusedId);
    focusedId = before.slice(at + 1).find((id) => records[id]) ?? before.slice(0, at).reverse().find((id) => records[id]) ?? null;
  }
  return { records, focusedId, selected: state.selected.filter((id) => records[id]) };
}

/** The queue store. */
export const useQueue = create<QueueState>((set, get) => ({
  records: {},
  focusedId: null,
  selected: [],
  phase: 'loading',
  loadError: null,
  notice: null,

  async load() {
    const result = await api().listPending();
    if (!result.ok) {
      set({ phase: 'error', loadError: result.error });
      return false;
    }
    const records = Object.fromEntries(result.value.filter((r) => r.status === 'pending').map((r) => [r.request.id, r]));
    set((s) => ({ records, phase: 'ready', loadError: null, focusedId: s.focusedId && records[s.focusedId] ? s.focusedId : (order(records)[0] ?? null) }));
    return true;
  },

  apply(event) {
    if (event.type === 'request_pending' && event.record.status === 'pending') {
      const record = event.record;
      set((s) => ({ records: { ...s.records, [record.request.id]: record }, focusedId: s.focusedId ?? record.request.id }));
    } else if (event.type === 'request_decided' || (event.type === 'request_pending' && event.record.status !== 'pending')) {
      const id = event.record.request.id;
      if (get().records[id]) set((s) => without(s, [id]));
    }
  },

  focus(id) {
    set({ focusedId: id });
  },

  move(delta) {
    set((s) => ({ focusedId: stepId(order(s.records), s.focusedId, delta) }));
  },

  toggleSelected(id) {
    set((s) => ({ selected: s.selected.includes(id) ? s.selected.filter((x) => x !== id) : [...s.selected, id] }));
  },

  setSelected(ids) {
    set({ selected: ids });
  },

  async decide(id, input) {
    // The queue as the person saw it: the calls a grant releases may leave it (their events) before the answer arrives.
    const seen = get().records;
    const result = await api().decide(id, input);
    if (result.ok) {
      const released = result.value.released ?? [];
      const also = released.length ? ` — and ${releasedText({ ...seen, ...get().records }, released)} waiting, which it covers` : '';
      set((s) => ({ ...without(s, [id, ...released]), notice: { text: `${decisionLabel(input)}: ${result.value.request.tool_name}${also}`, tone: 'info' } }));
      return true;
    }
    get().say(result.error, 'error');
    // A 409 means someone (a rule, a timeout, another window) decided first: drop it if it is no longer pending.
    const fresh = await api().getRequest(id);
    if (fresh.ok && fresh.value.status !== 'pending') set((s) => without(s, [id]));
    return false;
  },

  async decideMany(ids, input) {
    const results = await Promise.all(ids.map(async (id) => ({ id, result: await api().decide(id, input) })));
    const done = results.filter((r) => r.result.ok).map((r) => r.id);
    const failed = results.flatMap((r) => (r.result.ok ? [] : [r.result.error]));
    set((s) => without(s, done));
    const text = `${decisionLabel(input)}: ${done.length} request${done.length === 1 ? '' : 's'}`;
    get().say(failed.length ? `${text}; ${failed.length} failed: ${failed[0]}` : text, failed.length ? 'error' : 'info');
    if (failed.length) await get().load();
  },

  say(text, tone = 'info') {
    set({ notice: { text, tone } });
  },
}));

/** The queue grouped for display and its flat order; recomputed only when the records change. */
export function useQueueLayout(): { sessions: QueueSession[]; order: string[] } {
  const records = useQueue((s) => s.records);
  return useMemo(() => {
    const sessions = groupQueue(Object.values(records));
    return { sessions, order: queueOrder(sessions) };
  }, [records]);
}
