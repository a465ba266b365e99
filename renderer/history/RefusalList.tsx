// What the OS sandbox refused a contained run (reads of secrets, writes outside the workspace, unlisted hosts), on record.
import type { SandboxRefusal } from '../../common/domain.js';
import { InertText } from '../inert/InertText.js';
import { formatTime } from './format.js';

const KIND_LABEL: Record<SandboxRefusal['kind'], string> = { read: 'read', write: 'write', network: 'connection' };

/** The entry's refusals as a list, or a line saying there were none for a contained run. */
export function RefusalList(props: { refusals: readonly SandboxRefusal[] | undefined; contained: boolean }): React.JSX.Element | null {
  const refusals = props.refusals ?? [];
  if (!props.contained && refusals.length === 0) return null;
  return (
    <section aria-label="Refused by the sandbox">
      <h4>Refused by the sandbox</h4>
      {refusals.length === 0 ? (
        <p className="gh-muted">Nothing refused so far.</p>
      ) : (
        <ul className="gh-refusals">
          {refusals.map((r, i) => (
            <li key={i}>
              <span className="gh-badge">{KIND_LABEL[r.kind]}</span> <InertText text={r.target} singleLine />
              {r.detail && r.detail !== r.target && <span className="gh-muted"> — <InertText text={r.detail} singleLine /></span>}
              <span className="gh-muted"> · {formatTime(r.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
