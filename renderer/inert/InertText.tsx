// Renders agent-supplied text inert: escapes made visible, risky ranges marked, long text collapsed in the
// middle (head and tail always shown) behind a "view full" control.
import { useState, type ReactNode } from 'react';
import { useUi } from '../store/ui.js';
import { inertSegments } from '../../common/inert.js';
import { PREVIEW_LIMIT, formatSize, previewPieces, type Mark } from './preview.js';

/** Props of InertText. */
export interface InertTextProps {
  text: string;
  marks?: readonly Mark[];
  /** Paths and summaries: newlines and tabs shown as pictures too. */
  singleLine?: boolean;
  /** Characters shown before the middle is collapsed. */
  limit?: number;
  /** Block (wrapping pre) or inline. */
  block?: boolean;
  className?: string;
  label?: string;
}

function Escaped({ text, singleLine }: { text: string; singleLine: boolean }): ReactNode {
  return inertSegments(text, { singleLine }).map((seg, i) =>
    seg.escaped ? (
      <span key={i} className="gh-inert-escape" title={seg.escaped}>
        {seg.text}
      </span>
    ) : (
      seg.text
    ),
  );
}

/** Shows untrusted text so that what the person reads is exactly what will be used. */
export function InertText({ text, marks = [], singleLine = false, limit = PREVIEW_LIMIT, block = false, className, label }: InertTextProps): ReactNode {
  const [expanded, setExpanded] = useState(false);
  const viewFull = useUi((s) => s.viewFull);
  const pieces = previewPieces(text, marks, limit, expanded || viewFull);
  const Tag = block ? 'div' : 'span';
  return (
    <Tag className={`gh-inert ${block ? 'gh-inert-block' : 'gh-inert-inline'} ${className ?? ''}`} aria-label={label} data-inert="">
      {pieces.map((piece, i) =>
        piece.kind === 'gap' ? (
          <button key={i} type="button" className="gh-inert-gap" onClick={() => setExpanded(true)} title="Show the hidden middle (v)">
            … {formatSize(piece.hidden)} hidden — view full …
          </button>
        ) : piece.marks.length > 0 ? (
          <mark key={i} className="gh-risk-mark" title={piece.marks.map((m) => m.reason).join('\n')}>
            <Escaped text={piece.text} singleLine={singleLine} />
          </mark>
        ) : (
          <Escaped key={i} text={piece.text} singleLine={singleLine} />
        ),
      )}
    </Tag>
  );
}
