// Applies Claude Code's Edit semantics to text: old_string must occur exactly once unless replace_all.

/** One edit as Claude Code's Edit / MultiEdit tools send it. */
export interface TextEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** The edited text, or why the edit cannot apply. */
export type EditResult = { ok: true; text: string } | { ok: false; problem: string };

/** Applies one edit (literal text, never a regex or `$` pattern). */
export function applyEdit(text: string, edit: TextEdit): EditResult {
  if (edit.old_string === '') return { ok: false, problem: 'old_string is empty' };
  const parts = text.split(edit.old_string);
  const count = parts.length - 1;
  if (count === 0) return { ok: false, problem: 'old_string was not found in the file' };
  if (count > 1 && !edit.replace_all) {
    return { ok: false, problem: `old_string occurs ${count} times in the file and is not unique (replace_all is off)` };
  }
  if (edit.replace_all) return { ok: true, text: parts.join(edit.new_string) };
  const at = text.indexOf(edit.old_string);
  return { ok: true, text: text.slice(0, at) + edit.new_string + text.slice(at + edit.old_string.length) };
}
