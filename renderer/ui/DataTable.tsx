// The one table the list views share (audit, rules, session approvals): same markup, same column headers, so
// screen readers and the e2e tests find every list the same way.
import type { ReactNode } from 'react';
import { InertText } from '../inert/InertText.js';

/** Props of DataTable. */
export interface DataTableProps {
  /** Accessible name of the table. */
  label: string;
  /** Visible column headers, in order. */
  columns: readonly string[];
  /** Header of a trailing column of buttons, read by screen readers only. */
  actions?: string;
  /** Set while rows are being (re)loaded. */
  busy?: boolean;
  /** The rows (`<tr>` elements). */
  children: ReactNode;
}

/** A `gh-table` with a header row; the caller renders the body rows. */
export function DataTable({ label, columns, actions, busy, children }: DataTableProps): ReactNode {
  return (
    <table className="gh-table" aria-label={label} aria-busy={busy}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">{column}</th>
          ))}
          {actions && (
            <th scope="col"><span className="gh-sr-only">{actions}</span></th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A cell showing agent-supplied text on one line, inert (agents, tools, summaries, patterns). */
export function InertCell({ text, className, limit }: { text: string; className?: string; limit?: number }): ReactNode {
  return (
    <td className={className}>
      <InertText text={text} singleLine limit={limit} />
    </td>
  );
}
