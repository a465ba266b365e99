// "You keep approving this": a rule suggested because the person approved the same kind of call several times by hand.
// Only a suggestion: the person creates the rule or dismisses it (remembered in this browser); nothing is applied alone.
import { useEffect, useState, type ReactNode } from 'react';
import type { RepeatSuggestion } from '../../common/api.js';
import { api } from '../api/current.js';
import { InertText } from '../inert/InertText.js';
import { useQueue } from '../store/queue.js';

const DISMISSED_KEY = 'gatehouse.dismissed-rule-suggestions';

function dismissed(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The suggested rules above the queue, each with what it would have allowed, "Create rule" and "Dismiss". */
export function RepeatSuggestions(): ReactNode {
  const [items, setItems] = useState<RepeatSuggestion[]>([]);
  const [hidden, setHidden] = useState<string[]>(dismissed);
  const [message, setMessage] = useState<string | null>(null);
  // Fetched again after each decision: the third approval is what makes a suggestion.
  const decided = useQueue((s) => s.notice);
  const load = (): void => {
    void api()
      .repeatSuggestions()
      .then((r) => setItems(r.ok ? r.value : []));
  };
  useEffect(load, [decided]);

  const dismiss = (pattern: string): void => {
    const next = [...new Set([...hidden, pattern])].slice(-200);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setHidden(next);
  };
  const accept = async (s: RepeatSuggestion): Promise<void> => {
    const r = await api().createRule({ action: 'allow', pattern: s.pattern, scope: s.scope });
    setMessage(r.ok ? `Rule created: ${s.pattern}` : `Could not create ${s.pattern}: ${r.error}`);
    load();
  };

  const shown = items.filter((s) => !hidden.includes(s.pattern));
  if (shown.length === 0 && message === null) return null;
  return (
    <section className="gh-first-run" aria-label="Suggested rules">
      {message !== null && <p role="status"><InertText text={message} singleLine /></p>}
      {shown.map((s) => (
        <article key={s.pattern} className="gh-preset" aria-label={`Suggested rule ${s.pattern}`}>
          <p>
            You approved {s.count} calls like this by hand. Allow <InertText text={s.pattern} singleLine className="gh-path" />{' '}
            {s.scope === null ? 'everywhere' : <>in <InertText text={s.scope} singleLine className="gh-path" /></>}?
          </p>
          <ul className="gh-muted">
            {s.examples.map((e) => (
              <li key={e}>
                <InertText text={e} singleLine />
              </li>
            ))}
          </ul>
          <button type="button" className="gh-button gh-primary" onClick={() => void accept(s)}>
            Create rule
          </button>{' '}
          <button type="button" className="gh-button" onClick={() => dismiss(s.pattern)}>
            Dismiss
          </button>
        </article>
      ))}
    </section>
  );
}
