// CSV cells per RFC 4180, with spreadsheet formula injection neutralised.

// One test for the common case: a cell that needs neither neutralising nor quoting.
const SPECIAL = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One CSV cell: a leading `=`, `+`, `-`, `@`, TAB or CR gets a `'` prefix; fields with `"`, `,`, CR or LF are quoted
 * with inner quotes doubled.
 * Threat: an agent-chosen command such as `=HYPERLINK(...)` or `@SUM(...)` would run as a formula when the export is
 * opened in a spreadsheet.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let s = typeof value === 'string' ? value : JSON.stringify(value);
  if (!SPECIAL.test(s)) return s;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record with its CRLF line end. */
export function csvLine(cells: readonly unknown[]): string {
  let line = csvCell(cells[0]);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
}
