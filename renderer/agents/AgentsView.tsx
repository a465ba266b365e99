// The Agents view: for Claude Code, Gemini CLI and Codex, whether each is here, where Gatehouse's hook is, whether it
// would run, and the last call it sent; installing or removing the hook after reading exactly what changes.
import { useCallback, useEffect, useState } from 'react';
import type { AgentConnectInput, AgentOverview } from '../../common/api.js';
import { api } from '../api/current.js';
import { formatRelative, formatTime } from '../history/format.js';
import '../history/views.css';
import { InertText } from '../inert/InertText.js';
import { DataTable, InertCell } from '../ui/DataTable.js';

const COLUMNS = ['Agent', 'Where', 'Hook', 'Last call'];

type Scope = AgentOverview['scopes'][number];

/** A change previewed (dry run) and waiting for the person's confirmation. */
interface Pending {
  input: AgentConnectInput;
  title: string;
  diff: string;
}

function hookState(s: Scope): string {
  if (s.installed_in.length > 0) return s.warnings.length > 0 ? 'installed, but would not run' : 'installed, runs';
  return s.detected ? 'detected, not installed' : 'not detected';
}

/** Every agent Gatehouse can guard; mounted by the app frame. */
export function AgentsView(): React.JSX.Element {
  const [agents, setAgents] = useState<AgentOverview[] | null>(null);
  const [project, setProject] = useState('');
  const [shownProject, setShownProject] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const shownProjectRef = useLatest(shownProject);
  const reload = useCallback(async (folder: string | null) => {
    const r = await api().listAgents(folder);
    if (r.ok) {
      setAgents(r.value);
      setShownProject(folder);
      setError(null);
    } else setError(`Could not load the agents: ${r.error}`);
  }, []);

  useEffect(() => {
    void reload(null);
    // A new request may be an agent's first call: refresh "last call".
    return api().subscribe((event) => {
      if (event.type === 'request_pending' || event.type === 'request_decided') void reload(shownProjectRef.current);
    });
  }, [reload, shownProjectRef]);

  const preview = async (agent: AgentOverview, scope: Scope, action: AgentConnectInput['action']): Promise<void> => {
    const input: AgentConnectInput = { agent: agent.cli, action, ...(scope.project === null ? {} : { project: scope.project }) };
    setBusy(true);
    const r = await api().connectAgent({ ...input, dry_run: true });
    setBusy(false);
    if (!r.ok) return setError(`Could not ${action} the ${agent.title} hook: ${r.error}`);
    setError(null);
    if (r.value.changed.length === 0) return setError(`${agent.title}: nothing to change (${action === 'install' ? 'already installed' : 'not installed'})`);
    setPending({ input, title: `${action === 'install' ? 'Install' : 'Remove'} Gatehouse's hook for ${agent.title}`, diff: r.value.diff });
  };

  const confirm = async (): Promise<void> => {
    if (!pending) return;
    setBusy(true);
    const r = await api().connectAgent(pending.input);
    setBusy(false);
    setPending(null);
    setError(r.ok ? (r.value.warnings.length > 0 ? `Installed, but: ${r.value.warnings.join('; ')}` : null) : `Could not change the hook: ${r.error}`);
    await reload(shownProject);
  };

  const now = new Date();
  return (
    <section className="gh-view" aria-labelledby="agents-title">
      <header className="gh-view-header">
        <h2 id="agents-title">Agents</h2>
        <button type="button" className="gh-button" onClick={() => void reload(shownProject)}>Refresh</button>
      </header>
      <p className="gh-muted">Each agent asks Gatehouse through a hook in its own settings. Installing edits only that agent's file, keeps your other settings, and can be undone.</p>
      <form
        className="gh-field gh-field-wide"
        onSubmit={(e) => {
          e.preventDefault();
          void reload(project.trim() === '' ? null : project.trim());
        }}
      >
        <label htmlFor="agents-project">Also show a project folder (absolute path)</label>
        <span className="gh-row">
          <input id="agents-project" value={project} onChange={(e) => setProject(e.target.value)} placeholder="/home/you/code/project" />
          <button type="submit" className="gh-button">Show</button>
        </span>
      </form>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {agents === null && !error && <p role="status">Loading…</p>}
      {pending && (
        <div className="gh-fieldset" role="region" aria-label="Pending change">
          <h3>{pending.title}</h3>
          <InertText text={pending.diff} block label="What changes" />
          <button type="button" className="gh-button gh-primary" disabled={busy} onClick={() => void confirm()}>Apply this change</button>{' '}
          <button type="button" className="gh-button" disabled={busy} onClick={() => setPending(null)}>Cancel</button>
        </div>
      )}
      {agents && (
        <DataTable label="Agents" columns={COLUMNS} actions="Actions">
          {agents.flatMap((a) =>
            a.scopes.map((s) => (
              <tr key={`${a.cli} ${s.project ?? ''}`} data-agent={a.cli} data-scope={s.project === null ? 'user' : 'project'}>
                <td>{a.title}</td>
                <InertCell text={s.project ?? 'your user settings'} className="gh-mono" />
                <td>
                  <span data-hook-state>{hookState(s)}</span>
                  {s.installed_in.length > 0 && <div className="gh-muted gh-mono">{s.installed_in.join(', ')}</div>}
                  {s.warnings.map((w) => (
                    <div key={w} className="gh-warning">{w}</div>
                  ))}
                </td>
                <td className="gh-nowrap">
                  {a.last_seen ? <span title={formatTime(a.last_seen.at)}>{a.last_seen.tool_name}, {formatRelative(a.last_seen.at, now)}</span> : 'never'}
                </td>
                <td>
                  {s.installed_in.length === 0 ? (
                    <button type="button" className="gh-button" disabled={busy} onClick={() => void preview(a, s, 'install')}>Install…</button>
                  ) : (
                    <button type="button" className="gh-button gh-danger" disabled={busy} onClick={() => void preview(a, s, 'uninstall')}>Uninstall…</button>
                  )}
                </td>
              </tr>
            )),
          )}
        </DataTable>
      )}
    </section>
  );
}

/** A ref that always holds the latest value (for event handlers registered once). */
function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
