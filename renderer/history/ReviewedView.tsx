// Shows the command, the file change or the args of a stored request, every string inert.
import { InertText } from '../inert/InertText.js';
import { diffRows, reviewedMaterial } from './reviewed.js';

/** The stored request (or the person's edited args) as it was reviewed. */
export function ReviewedView(props: { toolName: string; args: Record<string, unknown> }): React.JSX.Element {
  const material = reviewedMaterial(props.toolName, props.args);
  switch (material.kind) {
    case 'command':
      return <div className="gh-code" aria-label="Command"><InertText text={material.command} block /></div>;
    case 'write':
      return (
        <div>
          <p className="gh-path">Write <InertText text={material.path} singleLine /></p>
          <div className="gh-code" aria-label="File content"><InertText text={material.content} block /></div>
        </div>
      );
    case 'edit':
      return (
        <div>
          <p className="gh-path">Edit <InertText text={material.path} singleLine /></p>
          {material.edits.map((edit, i) => (
            <div className="gh-code gh-stored-diff" key={i} aria-label={`Change ${i + 1} of ${material.edits.length}`}>
              {diffRows(edit.before, edit.after).map((row, j) => (
                <div key={j} className={`gh-diff-${row.type}`}>
                  <span className="gh-diff-sign" aria-hidden="true">{row.type === 'add' ? '+' : row.type === 'del' ? '-' : ' '}</span>
                  <InertText text={row.text} />
                </div>
              ))}
            </div>
          ))}
        </div>
      );
    case 'args':
      return <div className="gh-code" aria-label="Arguments"><InertText text={material.json} block /></div>;
  }
}
