// The person's decision verbs, shared by the keyboard, the review's buttons and the queue's batch bar.
import type { DecisionInput } from '../../common/api.js';
import { useDialogs } from '../store/dialogs.js';
import { useQueue } from '../store/queue.js';
import { useReview } from '../store/review.js';
import { useUi } from '../store/ui.js';
import { useArming } from './arming.js';
import { editedArgs } from './editedArgs.js';
import { seriousRisks } from './serious.js';

const EDITED_ONCE_ONLY = 'Your edits can only be approved once: press a to approve them, or reset the edits first';

/** The person's edits to this request's proposal, if the review on screen is this request's and was edited. */
function editsFor(id: string): string | null {
  const { id: reviewId, edited } = useReview.getState();
  return reviewId === id ? edited : null;
}

/** After a decision in its review, go on to the next pending request (or back to the queue when none is left). */
function advance(decided: string): void {
  const { route, navigate } = useUi.getState();
  if (route.view !== 'review' || route.id !== decided) return; // the person has moved on meanwhile
  const next = useQueue.getState().focusedId;
  navigate(next ? { view: 'review', id: next } : { view: 'queue' });
}

/** Sends one decision and moves on when it was accepted; the next request's decisions wait a moment (arming.ts). */
export async function decide(id: string, input: DecisionInput): Promise<boolean> {
  const ok = await useQueue.getState().decide(id, input);
  if (ok) {
    useArming.getState().hold();
    advance(id);
  }
  return ok;
}

/**
 * `a` / `s`: approve once (with the person's edits when there are any; a destructive or code-running request asks for
 * a deliberate confirmation first) or open the choice of what a session grant covers.
 */
export async function approve(id: string, scope: 'once' | 'session'): Promise<boolean> {
  const record = useQueue.getState().records[id];
  if (!record) {
    useQueue.getState().say('That request is no longer pending', 'error');
    return false;
  }
  const edited = editsFor(id);
  const review = useReview.getState().review;
  if (scope === 'session' && edited === null) {
    useDialogs.getState().open({ kind: 'session', id });
    return false;
  }
  if (scope === 'once' && edited === null && seriousRisks(record.verdict.risks).length > 0) {
    useDialogs.getState().open({ kind: 'confirm-approve', id });
    return false;
  }
  if (edited === null || review?.kind !== 'file-change') return decide(id, { approved: true, scope });
  if (scope !== 'once') {
    useQueue.getState().say(EDITED_ONCE_ONLY, 'error');
    return false;
  }
  const updated = editedArgs(record.request.tool_name, record.request.args, review, edited);
  return decide(id, updated ? { approved: true, scope: 'once', updated_args: updated } : { approved: true, scope: 'once' });
}

/** `A`: open rule creation for "always" (not with edits: a rule would allow the agent's version, not yours). */
export function openAlways(id: string): void {
  if (editsFor(id) !== null) {
    useQueue.getState().say(EDITED_ONCE_ONLY, 'error');
    return;
  }
  if (useQueue.getState().records[id]) useDialogs.getState().open({ kind: 'rule', id });
}

/** `d`: open the deny dialog (optional reason) for one request or a batch. */
export function openDeny(ids: string[]): void {
  const pending = ids.filter((id) => useQueue.getState().records[id]);
  if (pending.length > 0) useDialogs.getState().open({ kind: 'deny', ids: pending });
}

/** Sends a deny for one or more requests with the person's reason. */
export async function deny(ids: string[], reason: string): Promise<void> {
  const input: DecisionInput = reason.trim() ? { approved: false, reason: reason.trim() } : { approved: false };
  if (ids.length === 1 && ids[0]) await decide(ids[0], input);
  else await useQueue.getState().decideMany(ids, input);
}
