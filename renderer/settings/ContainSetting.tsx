// "Contain instead of asking" (contain_unvouched): a shell command no rule vouches for, that meets no deny or ask rule
// and no hard deny, runs inside the OS sandbox instead of being asked — and whether that sandbox can run here.
import { useEffect, useState, type ReactNode } from 'react';
import type { SandboxStatus } from '../../common/api.js';
import { api } from '../api/current.js';
import { useSettings } from '../store/settings.js';

/** The toggle, what it means, and the sandbox's state (doctor's reason when it cannot run). */
export function ContainSetting(props: { on: boolean }): ReactNode {
  const [status, setStatus] = useState<SandboxStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api().sandboxStatus().then((r) => {
      if (!live) return;
      if (r.ok) setStatus(r.value);
      else setError(r.error);
    });
    return () => { live = false; };
  }, []);

  return (
    <fieldset className="gh-fieldset">
      <legend>Shell commands no rule vouches for</legend>
      <label className="gh-check">
        <input type="checkbox" checked={props.on} onChange={(e) => void useSettings.getState().update({ contain_unvouched: e.target.checked })} />
        <strong>Contain instead of asking</strong>
      </label>
      <p className="gh-muted">
        A shell command that no rule allows, but that meets no deny or ask rule and no built-in refusal, runs inside an OS
        sandbox instead of waiting for you: it may write only in its workspace and the temp folder (never git hooks, agent
        settings or Gatehouse), cannot read secret files, and any host no rule allows is asked here while it waits. What the
        sandbox refused is kept with the call in History. Agents that cannot run a rewritten command (Codex) are asked as before.
      </p>
      {error && <p className="gh-error" role="alert">{error}</p>}
      {status?.available === true && <p role="status">The sandbox is running: contained commands run in it.</p>}
      {status?.available === false && (
        <p role="status" className="gh-warning">
          The sandbox cannot run here, so contained commands are asked instead: {status.why}. Run <code>gatehouse doctor</code> for how to fix it.
        </p>
      )}
    </fieldset>
  );
}
