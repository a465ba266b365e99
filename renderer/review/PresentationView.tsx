// A client-supplied presentation (text, diff, file_content, command, structured), shown inert and labelled as
// the agent's own account: it is what the agent says, the arguments below are what will actually run.
import type { ReactNode } from 'react';
import type { Presentation } from '../../common/domain.js';
import { InertText } from '../inert/InertText.js';
import { UnifiedDiff } from '../ui/UnifiedDiff.js';

/** Pretty JSON when the content parses, else the content as it is. */
function pretty(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    return content;
  }
}

/** Renders a request's presentation by its type. */
export function PresentationView({ presentation }: { presentation: Presentation }): ReactNode {
  const { type, content, language } = presentation;
  return (
    <section className="gh-panel gh-presentation" aria-label="Agent's presentation">
      <h3>
        As the agent presents it <span className="gh-muted">({type}{language ? `, ${language}` : ''}; not verified)</span>
      </h3>
      {type === 'diff' ? (
        <UnifiedDiff diff={content} />
      ) : (
        <InertText text={type === 'structured' ? pretty(content) : content} block className="gh-code" />
      )}
    </section>
  );
}
