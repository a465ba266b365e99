// A labelled form control whose accessible name is exactly its label (a wrapping <label> would add a select's option text).
import { useId, type ReactNode } from 'react';

/** A visible label tied by id to the control `children` renders with the id it is given. */
export function Field(props: { label: string; className?: string; children: (id: string) => ReactNode }): ReactNode {
  const id = useId();
  return (
    <div className={`gh-field ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children(id)}
    </div>
  );
}
