// Start-up: subscribe first (so nothing pushed during loading is lost), load, then replay, then mark ready.
import type { GatehouseEvent } from '../../common/api.js';
import { api } from '../api/current.js';
import { useQueue } from './queue.js';
import { useSettings } from './settings.js';

const dispatch = (event: GatehouseEvent): void => {
  useQueue.getState().apply(event);
  useSettings.getState().apply(event);
};

/** Loads the queue and settings, keeps them live, and sets `body[data-app-state]` (tests wait on it). */
export async function boot(): Promise<void> {
  const early: GatehouseEvent[] = [];
  let live = false;
  api().subscribe((event) => (live ? dispatch(event) : early.push(event)));
  const [queued] = await Promise.all([useQueue.getState().load(), useSettings.getState().load()]);
  live = true;
  for (const event of early) dispatch(event);
  document.body.dataset.appState = queued ? 'ready' : 'error';
}
