// No accidental approvals: after a decision, or when the review moves on to another request, the decision keys and
// buttons stay inert for a short visible moment (as browsers do on permission prompts), so a key pressed twice
// decides one request, not the one that slid under it.
import { create } from 'zustand';

/** How long decisions stay inert after the request on screen changes. */
export const ARMING_DELAY_MS = 800;

/** When decisions become live again. */
interface ArmingState {
  until: number;
  /** Makes decisions inert for ARMING_DELAY_MS from now. */
  hold(): void;
}

/** The arming store: components read `until` to show the pause; actions ask `decisionsArmed()`. */
export const useArming = create<ArmingState>((set) => ({
  until: 0,
  hold: () => set({ until: Date.now() + ARMING_DELAY_MS }),
}));

/** Whether a decision key or button may act now. */
export function decisionsArmed(): boolean {
  return Date.now() >= useArming.getState().until;
}
