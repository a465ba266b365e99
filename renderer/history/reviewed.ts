// What a stored audit entry showed the person: the command, the file change, or the raw (redacted) args.
import { diffLines } from 'diff';

/** One file edit as stored: the text replaced and its replacement. */
export interface StoredEdit {
  before: string;
  after: string;
}

/** The material of an audit entry, shaped for display. */
export type ReviewedMaterial =
  | { kind: 'command'; command: string }
  | { kind: 'edit'; path: string; edits: StoredEdit[] }
  | { kind: 'write'; path: string; content: string }
  | { kind: 'args'; json: string };

/** One line of a line diff. */
export interface DiffRow {
  type: 'add' | 'del' | 'same';
  text: string;
}

const COMMAND_TOOLS = new Set(['Bash', 'run_shell_command', 'shell', 'exec_command']);
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'replace']);
const WRITE_TOOLS = new Set(['Write', 'write_file']);

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function pathOf(args: Record<string, unknown>): string {
  return str(args.file_path) ?? str(args.notebook_path) ?? str(args.path) ?? '(no path)';
}

function editsOf(args: Record<string, unknown>): StoredEdit[] | null {
  const single = { before: str(args.old_string), after: str(args.new_string) };
  if (single.before !== null && single.after !== null) return [{ before: single.before, after: single.after }];
  if (!Array.isArray(args.edits)) return null;
  const edits: StoredEdit[] = [];
  for (const edit of args.edits as unknown[]) {
    if (typeof edit !== 'object' || edit === null) return null;
    const e = edit as Record<string, unknown>;
    const before = str(e.old_string);
    const after = str(e.new_string);
    if (before === null || after === null) return null;
    edits.push({ before, after });
  }
  return edits;
}

/** Picks how to show a stored request: a shell command, an edit as a diff, a written file, or the args as JSON. */
export function reviewedMaterial(toolName: string, args: Record<string, unknown>): ReviewedMaterial {
  const command = args.command;
  if (COMMAND_TOOLS.has(toolName) || typeof command === 'string') {
    if (typeof command === 'string') return { kind: 'command', command };
    if (Array.isArray(command) && command.every((p) => typeof p === 'string')) {
      return { kind: 'command', command: command.join(' ') };
    }
  }
  if (EDIT_TOOLS.has(toolName)) {
    const edits = editsOf(args);
    if (edits) return { kind: 'edit', path: pathOf(args), edits };
  }
  if (WRITE_TOOLS.has(toolName)) {
    const content = str(args.content);
    if (content !== null) return { kind: 'write', path: pathOf(args), content };
  }
  return { kind: 'args', json: JSON.stringify(args, null, 2) };
}

/** Splits a line diff of two texts into rows, one per line, so deletions and additions can be marked. */
export function diffRows(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const change of diffLines(before, after)) {
    const type = change.added ? 'add' : change.removed ? 'del' : 'same';
    const lines = change.value.split('\n');
    // A change that ends with a newline yields a trailing empty string that is not a line.
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    for (const text of lines) rows.push({ type, text });
  }
  return rows;
}
