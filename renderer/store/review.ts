// The review on screen: its material, the person's edits to the proposed side, and diff navigation.
import { create } from 'zustand';
import type { Review } from '../../common/api.js';

/** Moves through the changes of the diff on screen. */
export interface DiffNavigator {
  next(): void;
  previous(): void;
}

/** Review state shared by the review view, the diff editor and the keyboard. */
export interface ReviewState {
  id: string | null;
  review: Review | null;
  /** The edited proposal, or null while it equals what the agent proposed. */
  edited: string | null;
  /** Bumped to throw away edits (the editor reloads the proposal). */
  resetCount: number;
  sideBySide: boolean;
  nav: DiffNavigator | null;
  show(id: string, review: Review | null): void;
  setEdited(text: string | null): void;
  resetEdits(): void;
  toggleSideBySide(): void;
  setNav(nav: DiffNavigator | null): void;
}

/** The review store. */
export const useReview = create<ReviewState>((set) => ({
  id: null,
  review: null,
  edited: null,
  resetCount: 0,
  sideBySide: true,
  nav: null,
  show: (id, review) => set({ id, review, edited: null }),
  setEdited: (edited) => set({ edited }),
  resetEdits: () => set((s) => ({ edited: null, resetCount: s.resetCount + 1 })),
  toggleSideBySide: () => set((s) => ({ sideBySide: !s.sideBySide })),
  setNav: (nav) => set({ nav }),
}));
