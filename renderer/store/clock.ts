// One shared one-second tick for countdowns and ages, instead of a timer per row.
import { create } from 'zustand';

const useClock = create<{ now: number }>(() => ({ now: Date.now() }));
setInterval(() => useClock.setState({ now: Date.now() }), 1000);

/** The current time in ms, re-rendering the caller once a second. */
export function useNow(): number {
  return useClock((s) => s.now);
}
