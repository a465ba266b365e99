// One workspace's part of an undo: the calls it takes back, each file with what happens to it (recreated, deleted,
// restored, its mode) and its diff from now to after the undo, and the conflicts with later calls.
import type { ReactNode } from 'react';
import { inertText } from '../../../common/inert.js';
import type { UndoReport } from '../../../common/undo.js';
import { InertText } from '../../inert/InertText.js';
import { UnifiedDiff } from '../../ui/UnifiedDiff.js';
import { CallRefs } from './CallRef.js';
import { fileAction, modeChange } from './undoText.js';

/** The files of one report, or its conflicts when it has any (then nothing of it can be applied). */
export function UndoPreview({ report }: { report: UndoReport }): ReactNode {
  return (
    <section className="gh-undo-report" aria-label={`Undo in ${inertText(report.workspace, { singleLine: true })}`}>
      <p>
        In <InertText text={report.workspace} singleLine className="gh-path" />, taking back{' '}
        {report.calls.length === 1 ? 'call' : `${report.calls.length} calls`}{' '}
        <CallRefs ids={report.calls} />
      </p>
      {report.conflicts.length > 0 ? (
        <ul className="gh-warnings" aria-label="Conflicts">
          {report.conflicts.map((c) => (
            <li key={c.path}>
              <InertText text={c.path} singleLine className="gh-path" /> was changed again after this call
              {c.later_calls.length > 0 && <> by <CallRefs ids={c.later_calls} /></>}
            </li>
          ))}
        </ul>
      ) : report.files.length === 0 ? (
        <p className="gh-muted">Nothing to restore: the files are already as they were.</p>
      ) : (
        <ul className="gh-undo-files" aria-label="Files">
          {report.files.map((f) => {
            const mode = modeChange(f);
            return (
              <li key={f.path} data-undo-file={f.path}>
                <p>
                  <span className={`gh-badge gh-undo-${f.change}`}>{fileAction(f)}</span>{' '}
                  <InertText text={f.path} singleLine className="gh-path" />
                  {mode && <span className="gh-muted"> · mode: {mode}</span>}
                  {f.binary && <span className="gh-muted"> · binary file (no diff shown)</span>}
                </p>
                {!f.binary && /^@@/m.test(f.diff) && <UnifiedDiff diff={f.diff} label={`Diff of ${inertText(f.path, { singleLine: true })}`} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
