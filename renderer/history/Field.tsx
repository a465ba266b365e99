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

/** A labelled <select> over fixed `[value, label]` options, typed by the values it can produce. */
export function SelectField<V extends string>(props: {
  label: string;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
}): ReactNode {
  return (
    <Field label={props.label}>
      {(id) => (
        <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
          {props.options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      )}
    </Field>
  );
}
