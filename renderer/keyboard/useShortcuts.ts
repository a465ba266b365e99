// Wires the keyboard map to the queue and review: one window listener for the whole app.
import { useEffect } from 'react';
import { approve, openAlways, openDeny } from '../review/actions.js';
import { decisionsArmed } from '../review/arming.js';
import { useQueue } from '../store/queue.js';
import { useReview } from '../store/review.js';
import { useUi } from '../store/ui.js';
import { queueOrder, groupQueue, stepId } from '../queue/grouping.js';
import { isActivationTarget, isTypingTarget, shortcutFor, type ShortcutAction } from './shortcuts.js';

/** Runs one action in the queue or review view; returns false when it does not apply there. */
function run(action: ShortcutAction): boolean {
  const { route, navigate, toggleViewFull } = useUi.getState();
  const queue = useQueue.getState();
  const reviewing = route.view === 'review' ? route.id : null;
  if (route.view !== 'queue' && !reviewing) return false;
  const target = reviewing ?? queue.focusedId;
  switch (action) {
    case 'next':
    case 'previous': {
      const delta = action === 'next' ? 1 : -1;
      if (!reviewing) {
        queue.move(delta);
        return true;
      }
      const next = stepId(queueOrder(groupQueue(Object.values(queue.records))), reviewing, delta);
      if (next && next !== reviewing) navigate({ view: 'review', id: next });
      return true;
    }
    case 'open':
      if (reviewing || !target) return false;
      navigate({ view: 'review', id: target });
      return true;
    case 'view-full':
      if (reviewing) toggleViewFull();
      else if (target) navigate({ view: 'review', id: target });
      return true;
    case 'back':
      if (!reviewing) return false;
      navigate({ view: 'queue' });
      return true;
    case 'toggle-select':
      if (reviewing || !target) return false;
      queue.toggleSelected(target);
      return true;
    case 'approve':
    case 'approve-session':
      // While the pause after a change of request runs, a decision key does nothing (but is still swallowed).
      if (target && decisionsArmed()) void approve(target, action === 'approve' ? 'once' : 'session');
      return !!target;
    case 'approve-always':
      if (target && decisionsArmed()) openAlways(target);
      return !!target;
    case 'deny':
      if (target && decisionsArmed()) openDeny([target]);
      return !!target;
    case 'next-change':
      useReview.getState().nav?.next();
      return !!reviewing;
    case 'previous-change':
      useReview.getState().nav?.previous();
      return !!reviewing;
    case 'toggle-layout':
      if (reviewing) useReview.getState().toggleSideBySide();
      return !!reviewing;
  }
}

/** Installs the app's keyboard shortcuts (none fire while the person types in a field, editor or dialog). */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.isComposing) return;
      const el = e.target instanceof Element ? e.target : null;
      if (isTypingTarget(el)) return;
      const action = shortcutFor(e);
      if (!action) return;
      if (action === 'open' && isActivationTarget(el)) return;
      if (run(action)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
