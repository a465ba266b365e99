// The rule list, loaded once and reloaded whenever the core reports a rule change.
import { useCallback } from 'react';
import type { Rule } from '../../common/domain.js';
import { api } from '../api/current.js';
import { useLiveData, type LiveSource } from '../api/useLiveData.js';

/** What the Rules view reads and how it refreshes. */
export interface RulesState {
  rules: Rule[] | null;
  error: string | null;
  /** Reloads after a change this view made (events cover the others). */
  reload: () => Promise<void>;
  /** Shows a change at once while it is being saved; the reload that follows replaces it with the truth. */
  showPatched: (id: string, patch: Partial<Rule>) => void;
}

const RULES: LiveSource<Rule[]> = {
  load: () => api().listRules(),
  failure: 'Could not load the rules',
  // Rules also change from the review window ("always"), the CLI and hit counts as requests arrive.
  staleAfter: (event) => event.type === 'rule_changed' || event.type === 'request_decided',
};

/** The rules, kept current. */
export function useRules(): RulesState {
  const { value: rules, error, reload, setValue } = useLiveData(RULES);
  const showPatched = useCallback(
    (id: string, patch: Partial<Rule>) => setValue((list) => list?.map((r) => (r.id === id ? { ...r, ...patch } : r)) ?? null),
    [setValue],
  );
  return { rules, error, reload, showPatched };
}
