// "Undo this session" above the list while History is filtered by one session that has something to undo.
import type { ReactNode } from 'react';
import { useHistoryStore } from '../historyStore.js';
import { useUndoStore } from './undoStore.js';
import { undoOffer } from './undoText.js';

/** The session filter's undo bar, or nothing. */
export function SessionUndo(): ReactNode {
  const session = useHistoryStore((s) => s.filter?.session_id ?? null);
  const undoable = useHistoryStore((s) => s.entries.some((e) => undoOffer(e.undo).kind === 'undo'));
  const open = useUndoStore((s) => s.open);
  if (!session || !undoable) return null;
  return (
    <p className="gh-session-undo">
      <span>Showing one session: its changes can be taken back together, to before its first change.</span>
      <button type="button" className="gh-button" onClick={() => void open({ kind: 'session', id: session })}>Undo this session</button>
    </p>
  );
}
