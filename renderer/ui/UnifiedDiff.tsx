// A unified diff as text, each line inert and marked as added, removed or a hunk header (the agent's presented
// diff in the review, and what an undo will put back in History).
import type { ReactNode } from 'react';
import { InertText } from '../inert/InertText.js';

/** The class of one unified-diff line: added, removed, hunk header, or context/header (''). */
export function diffLineClass(line: string): string {
  if (line.startsWith('+') && !line.startsWith('+++')) return 'gh-diff-add';
  if (line.startsWith('-') && !line.startsWith('---')) return 'gh-diff-del';
  return line.startsWith('@@') ? 'gh-diff-hunk' : '';
}

/** Renders `diff` line by line, inert. */
export function UnifiedDiff({ diff, label }: { diff: string; label?: string }): ReactNode {
  return (
    <pre className="gh-code gh-unified-diff" aria-label={label}>
      {diff.split('\n').map((line, i) => (
        <div key={i} className={diffLineClass(line)}>
          <InertText text={line} limit={2000} />
        </div>
      ))}
    </pre>
  );
}
