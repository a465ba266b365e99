// The suggestion for a request ("always" rule and session-grant choices), fetched once per request for the dialogs.
import { useEffect, useState } from 'react';
import type { RuleSuggestion } from '../../common/api.js';
import { api } from '../api/current.js';

/** Loads the suggestion of request `id`; `onLoad` seeds the dialog's own fields from it. */
export function useSuggestion(id: string, onLoad: (s: RuleSuggestion) => void): { suggestion: RuleSuggestion | null; error: string | null } {
  const [suggestion, setSuggestion] = useState<RuleSuggestion | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api()
      .suggestRule(id)
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setError(r.error);
        setSuggestion(r.value);
        onLoad(r.value);
      });
    return () => {
      live = false;
    };
    // onLoad seeds state once per request; a new closure each render must not refetch.
  }, [id]);
  return { suggestion, error };
}
