// Data a view loads through the API and reloads whenever a pushed event says it may have changed (rules,
// session approvals): one place for the load, the error line and the subscription's lifetime.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { GatehouseEvent, Result } from '../../common/api.js';
import { api } from './current.js';

/** What a live view reads and how it refreshes. */
export interface LiveData<T> {
  /** null until the first load answers. */
  value: T | null;
  /** The last load's failure as a line the person can read, or null. */
  error: string | null;
  /** Reloads now (after a change this view made; events cover the others). */
  reload: () => Promise<void>;
  /** Shows a change at once while it is being saved; the next reload replaces it with the truth. */
  setValue: Dispatch<SetStateAction<T | null>>;
}

/** How a live view loads its data; keep it at module level so the hook does not resubscribe on every render. */
export interface LiveSource<T> {
  load: () => Promise<Result<T>>;
  /** Start of the error line, e.g. "Could not load the rules". */
  failure: string;
  /** The pushed events after which the data may be stale. */
  staleAfter: (event: GatehouseEvent) => boolean;
}

/** Loads `source` once and again after every event it names; unsubscribes on unmount. */
export function useLiveData<T>(source: LiveSource<T>): LiveData<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const r = await source.load();
    if (r.ok) {
      setValue(r.value);
      setError(null);
    } else {
      setError(`${source.failure}: ${r.error}`);
    }
  }, [source]);

  useEffect(() => {
    void reload();
    return api().subscribe((event) => {
      if (source.staleAfter(event)) void reload();
    });
  }, [reload, source]);

  return { value, error, reload, setValue };
}
