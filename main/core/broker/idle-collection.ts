// V8 empties its young generation when it fills, inside whichever tool call is running then: a third of a millisecond
// (several when the heap grows) added to about one call in twenty-five, which is what sets the engine's p99. Gatehouse
// empties it in the pauses between tool calls instead (once calls have paused for 50 ms, as the store's upkeep waits),
// so each call after a pause starts with room to allocate in. An agent pauses between calls while its model thinks.
// V8 collects on demand only behind --expose-gc; set at run time, that flag gives `gc` to contexts made afterwards, so
// the function is taken from a throwaway context, the flag is cleared again, and no script of ours or the agent's sees it.
import v8 from 'node:v8';
import vm from 'node:vm';
import { upkeep, type UpkeepTiming } from '../store/upkeep.js';

type Collect = (options: { type: 'minor' }) => void;

/** Young-generation fill (bytes) worth a collection: below it, the next tool call has room enough already. */
export const YOUNG_WORTH_COLLECTING = 512 * 1024;

let collector: Collect | null | undefined;

function youngCollector(): Collect | null {
  if (collector !== undefined) return collector;
  const exposed = (globalThis as { gc?: Collect }).gc; // node --expose-gc: the flag is the runner's, left as it is
  if (exposed !== undefined) return (collector = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    collector = vm.runInNewContext('gc') as Collect;
  } catch {
    collector = null; // a runtime without the flag: V8 keeps collecting on its own schedule
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collector;
}

/** Bytes in use in the young generation. */
export function youngGenerationUsed(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0;
}

/** Empties the young generation now when it holds at least `worth` bytes (the server's pause, and the bench's); whether it did. */
export function collectYoungGeneration(worth = YOUNG_WORTH_COLLECTING): boolean {
  const collect = youngCollector();
  if (collect === null || youngGenerationUsed() < worth) return false;
  collect({ type: 'minor' });
  return true;
}

/** Collects young garbage once tool calls pause: `touched()` after each call; under a steady stream nothing is forced. */
export function idleCollection(timing?: UpkeepTiming): { touched(): void; stop(): void } {
  return upkeep((paused) => {
    if (paused) collectYoungGeneration();
  }, timing);
}
