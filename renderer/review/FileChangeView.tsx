// A file change: path and operation, any problem applying it, and the Monaco diff (loaded on first use).
import { lazy, Suspense, type ReactNode } from 'react';
import type { FileChangeReview } from '../../common/api.js';
import { InertText } from '../inert/InertText.js';

const DiffView = lazy(() => import('./diff/DiffView.js'));

const OPERATION: Record<FileChangeReview['operation'], string> = {
  create: 'Create new file',
  overwrite: 'Overwrite file',
  edit: 'Edit file',
  'multi-edit': 'Edit file (several edits)',
  'notebook-edit': 'Edit notebook cell',
};

/** Path, operation and diff of a proposed file change. */
export function FileChangeView({ review, editable }: { review: FileChangeReview; editable: boolean }): ReactNode {
  return (
    <div className="gh-file-change">
      <p className="gh-file-heading">
        <span className="gh-badge gh-operation">{OPERATION[review.operation]}</span>{' '}
        <InertText text={review.path} singleLine className="gh-path" label="File path" />{' '}
        <span className="gh-muted">{review.language}</span>
      </p>
      {review.problem && (
        <p className="gh-error" role="alert">
          <InertText text={review.problem} singleLine />
        </p>
      )}
      {editable && <p className="gh-muted">The proposed side (right) is editable; approving sends your version. Esc leaves the editor.</p>}
      <Suspense fallback={<p className="gh-muted">Loading the diff editor…</p>}>
        <DiffView review={review} editable={editable} />
      </Suspense>
    </div>
  );
}
