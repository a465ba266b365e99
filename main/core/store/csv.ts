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
  // Strings first: nearly every cell is one, and most need nothing.
  if (typeof value === 'string') return SPECIAL.test(value) ? escaped(value) : value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const s = JSON.stringify(value);
  return SPECIAL.test(s) ? escaped(s) : s;
}

const QUOTED = /[",\r\n]/;

/** A cell SPECIAL matched: neutralised if it starts like a formula, quoted if it holds a quote, comma or line break. */
function escaped(s: string): string {
  const c = s.charCodeAt(0);
  // = + - @ TAB CR
  if (c !== 61 && c !== 43 && c !== 45 && c !== 64 && c !== 9 && c !== 13) return `"${s.replaceAll('"', '""')}"`;
  const neutral = `'${s}`;
  return QUOTED.test(neutral) ? `"${neutral.replaceAll('"', '""')}"` : neutral;
}

/** One CSV record with its CRLF line end. */
export function csvLine(cells: readonly unknown[]): string {
  let line = csvCell(cells[0]);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i])}`;
  return `${line}\r\n`;
}
