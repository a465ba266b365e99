// The Monaco DiffEditor of a file change: the file on disk against the proposed result, proposed side editable.
// Built on monaco.editor directly rather than @monaco-editor/react: its DiffEditor disposes the models before
// the widget ("TextModel got disposed before DiffEditorWidget model got reset", monaco-react#647); here the
// widget goes first.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FileChangeReview } from '../../../common/api.js';
import { useReview } from '../../store/review.js';
import { monaco, monacoLanguage } from './monaco.js';

/** Props of DiffView. */
export interface DiffViewProps {
  review: FileChangeReview;
  editable: boolean;
}

const prefersDark = (): boolean => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

/** Options that keep hidden characters visible in code (see renderer/inert for the same rule in text). */
const INERT_OPTIONS: monaco.editor.IDiffEditorConstructionOptions = {
  renderControlCharacters: true,
  unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true, includeComments: true, includeStrings: true },
  automaticLayout: true,
  originalEditable: false,
  renderOverviewRuler: true,
  scrollBeyondLastLine: false,
  minimap: { enabled: false },
  diffAlgorithm: 'advanced',
  maxComputationTime: 5000,
  useInlineViewWhenSpaceIsLimited: false,
};

/** Focuses the first decision button (Esc inside the editor leaves it without a mouse). */
function leaveEditor(): void {
  document.querySelector<HTMLElement>('[data-decision-bar] button:not(:disabled)')?.focus();
}

/** Monaco diff of one review; reports edits to the review store and exposes next/previous change. */
export default function DiffView({ review, editable }: DiffViewProps): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  const sideBySide = useReview((s) => s.sideBySide);
  const resetCount = useReview((s) => s.resetCount);
  const [changes, setChanges] = useState<number | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    setChanges(null);
    const language = monacoLanguage(review.language);
    const original = monaco.editor.createModel(review.original, language);
    const modified = monaco.editor.createModel(review.proposed, language);
    const editor = monaco.editor.createDiffEditor(el, {
      ...INERT_OPTIONS,
      readOnly: !editable,
      renderSideBySide: useReview.getState().sideBySide,
      theme: prefersDark() ? 'vs-dark' : 'vs',
      ariaLabel: `Diff of ${review.path}`,
    });
    editor.setModel({ original, modified });
    performance.mark('gatehouse:diff-created');
    editorRef.current = editor;
    let first = true;
    const diffSub = editor.onDidUpdateDiff(() => {
      setChanges(editor.getLineChanges()?.length ?? 0);
      if (first) {
        first = false;
        editor.revealFirstDiff();
        performance.mark('gatehouse:diff-ready');
      }
    });
    const editSub = modified.onDidChangeContent(() => {
      const text = modified.getValue();
      useReview.getState().setEdited(text === review.proposed ? null : text);
    });
    editor.getModifiedEditor().addCommand(monaco.KeyCode.Escape, leaveEditor, '!findWidgetVisible && !suggestWidgetVisible');
    useReview.getState().setNav({ next: () => editor.goToDiff('next'), previous: () => editor.goToDiff('previous') });
    return () => {
      diffSub.dispose();
      editSub.dispose();
      useReview.getState().setNav(null);
      editorRef.current = null;
      editor.setModel(null);
      editor.dispose();
      original.dispose();
      modified.dispose();
    };
  }, [review, editable, resetCount]);

  useEffect(() => {
    editorRef.current?.updateOptions({ renderSideBySide: sideBySide });
  }, [sideBySide]);

  return (
    <div className="gh-diff">
      <div className="gh-diff-toolbar" role="toolbar" aria-label="Diff">
        <button type="button" className="gh-button" onClick={() => useReview.getState().nav?.previous()} aria-keyshortcuts="p">
          Previous change
        </button>
        <button type="button" className="gh-button" onClick={() => useReview.getState().nav?.next()} aria-keyshortcuts="n">
          Next change
        </button>
        <button type="button" className="gh-button" aria-pressed={!sideBySide} onClick={() => useReview.getState().toggleSideBySide()} aria-keyshortcuts="t">
          {sideBySide ? 'Inline view' : 'Side-by-side view'}
        </button>
        <span className="gh-muted" role="status">
          {changes === null ? 'Computing diff…' : `${changes} change${changes === 1 ? '' : 's'}`}
        </span>
      </div>
      <div
        ref={host}
        className="gh-diff-host"
        data-diff-state={changes === null ? 'loading' : 'ready'}
        data-changes={changes ?? undefined}
      />
    </div>
  );
}
