// The undo dialog's state (zustand): what is being undone, its preview, and the outcome. Nothing is applied until
// the person presses the button that says so; a conflict first asks for "Undo back to here", whose own preview
// is shown before it is applied.
import { create } from 'zustand';
import type { Result } from '../../../common/api.js';
import type { UndoOptions, UndoReport } from '../../../common/undo.js';
import { api } from '../../api/current.js';
import { useHistoryStore } from '../historyStore.js';
import { hasConflicts } from './undoText.js';

/** One call (as History lists it) or a whole session. */
export type UndoTarget = { kind: 'call'; id: string; summary: string } | { kind: 'session'; id: string };

/** Where the dialog stands. */
export type UndoPhase = 'loading' | 'preview' | 'applying' | 'done' | 'error';

/** What the undo dialog shows. */
export interface UndoState {
  target: UndoTarget | null;
  /** The preview (or outcome) takes back the call and every later one in its workspace. */
  backToHere: boolean;
  phase: UndoPhase;
  reports: UndoReport[];
  error: string | null;
  /** Opens the dialog on `target` and loads its preview. */
  open(target: UndoTarget): Promise<void>;
  /** After a conflict: previews taking back this call and every later one. */
  chooseBackToHere(): Promise<void>;
  /** Applies what the preview shows. */
  apply(): Promise<void>;
  close(): void;
}

// Each open/choice bumps the generation; an answer for an older one (the dialog closed or moved on) is dropped.
let generation = 0;

function run(target: UndoTarget, opts: UndoOptions): Promise<Result<UndoReport[]>> {
  if (target.kind === 'session') return api().undoSession(target.id, opts);
  return api().undo(target.id, opts).then((r) => (r.ok ? { ok: true, value: [r.value] } : r));
}

/** The undo dialog slice. */
export const useUndoStore = create<UndoState>()((set, get) => {
  const preview = async (target: UndoTarget, backToHere: boolean): Promise<void> => {
    const gen = ++generation;
    set({ target, backToHere, phase: 'loading', reports: [], error: null });
    const r = await run(target, backToHere ? { back_to_here: true } : {});
    if (gen !== generation) return;
    set(r.ok ? { phase: 'preview', reports: r.value } : { phase: 'error', error: `Could not prepare the undo: ${r.error}` });
  };

  return {
    target: null,
    backToHere: false,
    phase: 'loading',
    reports: [],
    error: null,

    open: (target) => preview(target, false),
    chooseBackToHere: async () => {
      const { target } = get();
      if (target) await preview(target, true);
    },

    apply: async () => {
      const { target, backToHere, phase, reports } = get();
      if (!target || phase !== 'preview' || hasConflicts(reports)) return;
      const gen = ++generation;
      set({ phase: 'applying', error: null });
      const r = await run(target, { apply: true, ...(backToHere ? { back_to_here: true } : {}) });
      if (gen !== generation) return;
      if (!r.ok) {
        set({ phase: 'error', error: `Nothing was restored: ${r.error}` });
        return;
      }
      // A later call may have changed the same files since the preview: the core refused, so show that conflict.
      set({ phase: r.value.every((x) => x.applied || x.files.length === 0) ? 'done' : 'preview', reports: r.value });
      // The undo is an entry of its own now (and can itself be undone).
      useHistoryStore.getState().refreshOrMarkStale();
    },

    close: () => {
      generation++;
      set({ target: null, reports: [], error: null, phase: 'loading', backToHere: false });
    },
  };
});
