// The review of a file-changing tool call: the file on disk against what it would become.
import { isAbsolute, resolve } from 'node:path';
import type { FileChangeReview } from '../../../common/api.js';
import { applyEdit, type TextEdit } from './apply-edit.js';
import { languageFor } from './language.js';
import { readForReview } from './read-file.js';

/** Builds the file-change review of a file-writing tool (Claude Code's, Gemini's write_file / replace); only the named file is read. */
export async function fileChangeReview(toolName: string, args: Record<string, unknown>, cwd: string | null): Promise<FileChangeReview> {
  const named = str(toolName === 'NotebookEdit' ? args['notebook_path'] : args['file_path']);
  const path = named === '' || isAbsolute(named) || !cwd ? named : resolve(cwd, named);
  const base = { kind: 'file-change' as const, path, language: languageFor(path) };
  if (path === '' || !isAbsolute(path)) {
    return { ...base, operation: 'edit', original: '', proposed: '', problem: 'the request names no absolute file path' };
  }
  if (path.includes('\0')) return { ...base, operation: 'edit', original: '', proposed: '', problem: 'the file path contains a NUL byte' };
  const file = await readForReview(path);
  const current = file.kind === 'text' ? file.text : '';
  const readProblem = file.kind === 'problem' ? file.problem : undefined;

  if (toolName === 'Write' || toolName === 'write_file') {
    const review: FileChangeReview = { ...base, operation: file.kind === 'missing' ? 'create' : 'overwrite', original: current, proposed: str(args['content']) };
    return withProblem(review, readProblem);
  }
  if (toolName === 'NotebookEdit') return withProblem(notebookReview(base, current, args), readProblem);

  const edits = toolName === 'MultiEdit' ? editsOf(args['edits']) : [editOf(args)];
  const operation = toolName === 'MultiEdit' ? 'multi-edit' : 'edit';
  if (readProblem) return { ...base, operation, original: '', proposed: '', problem: readProblem };
  if (file.kind === 'missing') {
    // Claude Code creates a file when the (first) edit's old_string is empty and the file does not exist.
    const first = edits[0];
    if (first && first.old_string === '' && edits.length === 1) return { ...base, operation: 'create', original: '', proposed: first.new_string };
    return { ...base, operation, original: '', proposed: '', problem: `${path} does not exist` };
  }
  let text = current;
  const problems: string[] = [];
  edits.forEach((edit, i) => {
    const result = applyEdit(text, edit);
    if (result.ok) text = result.text;
    else problems.push(edits.length > 1 ? `edit ${i + 1} of ${edits.length}: ${result.problem}` : result.problem);
  });
  if (problems.length > 0 && edits.length === 1 && edits[0]) {
    // Nothing applied: show what the agent meant to change so the person still sees its intent.
    return { ...base, operation, original: edits[0].old_string, proposed: edits[0].new_string, problem: problems[0] ?? '' };
  }
  return withProblem({ ...base, operation, original: current, proposed: text }, problems.length ? problems.join('; ') : undefined);
}

/** NotebookEdit: the cell's current source against the new one. */
function notebookReview(base: { kind: 'file-change'; path: string; language: string }, current: string, args: Record<string, unknown>): FileChangeReview {
  const cellId = typeof args['cell_id'] === 'string' ? args['cell_id'] : undefined;
  const mode = str(args['edit_mode']) || 'replace';
  const newSource = str(args['new_source']);
  const nb = parseNotebook(current);
  const cell = cellId && nb ? nb.cells.find((c) => c.id === cellId) : undefined;
  const language = args['cell_type'] === 'markdown' || cell?.cell_type === 'markdown' ? 'markdown' : (nb?.language ?? 'python');
  const review: FileChangeReview = { ...base, language, operation: 'notebook-edit', original: '', proposed: newSource };
  if (mode === 'insert') return review;
  if (!nb) return { ...review, problem: current === '' ? 'the notebook does not exist' : 'the notebook is not valid JSON' };
  if (!cell) return { ...review, problem: cellId ? `cell ${cellId} was not found in the notebook` : 'the request names no cell_id' };
  return { ...review, original: cell.source, proposed: mode === 'delete' ? '' : newSource };
}

interface NotebookCell {
  id: string | undefined;
  cell_type: string;
  source: string;
}

function parseNotebook(text: string): { cells: NotebookCell[]; language: string | undefined } | null {
  try {
    const nb = JSON.parse(text) as { cells?: unknown; metadata?: { language_info?: { name?: unknown }; kernelspec?: { language?: unknown } } };
    if (!Array.isArray(nb.cells)) return null;
    const cells = nb.cells.map((raw: unknown): NotebookCell => {
      const c = (raw ?? {}) as { id?: unknown; cell_type?: unknown; source?: unknown };
      const source = Array.isArray(c.source) ? c.source.map(String).join('') : str(c.source);
      return { id: typeof c.id === 'string' ? c.id : undefined, cell_type: str(c.cell_type), source };
    });
    const lang = nb.metadata?.language_info?.name ?? nb.metadata?.kernelspec?.language;
    return { cells, language: typeof lang === 'string' ? lang : undefined };
  } catch {
    return null;
  }
}

function editOf(args: Record<string, unknown>): TextEdit {
  return { old_string: str(args['old_string']), new_string: str(args['new_string']), replace_all: args['replace_all'] === true };
}

function editsOf(value: unknown): TextEdit[] {
  return Array.isArray(value) ? value.map((e) => editOf((e ?? {}) as Record<string, unknown>)) : [];
}

function withProblem(review: FileChangeReview, problem: string | undefined): FileChangeReview {
  return problem ? { ...review, problem } : review;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
