// The rule list, loaded once and reloaded whenever the core reports a rule change.
import { useCallback, useEffect, useState } from 'react';
import type { Rule } from '../../common/domain.js';
import { api } from '../api/current.js';

/** What the Rules view reads and how it refreshes. */
export interface RulesState {
  rules: Rule[] | null;
  error: string | null;
  /** Reloads after a change this view made (events cover the others). */
  reload: () => Promise<void>;
  /** Shows a change at once while it is being saved; the reload that follows replaces it with the truth. */
  showPatched: (id: string, patch: Partial<Rule>) => void;
}

/** The rules, kept current. */
export function useRules(): RulesState {
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const r = await api().listRules();
    if (r.ok) {
      setRules(r.value);
      setError(null);
    } else {
      setError(`Could not load the rules: ${r.error}`);
    }
  }, []);

  useEffect(() => {
    void reload();
    // Rules also change from the review window ("always"), the CLI and hit counts as requests arrive.
    return api().subscribe((event) => {
      if (event.type === 'rule_changed' || event.type === 'request_decided') void reload();
    });
  }, [reload]);

  const showPatched = useCallback((id: string, patch: Partial<Rule>) => {
    setRules((list) => list?.map((r) => (r.id === id ? { ...r, ...patch } : r)) ?? null);
  }, []);

  return { rules, error, reload, showPatched };
}
