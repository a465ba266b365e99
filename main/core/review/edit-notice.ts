// The note that tells a model the person edited its call before approving it: without it the model goes on reasoning
// from the arguments it asked for, not the ones that ran. Pure: every agent's way of delivering it builds on this.

/** The longest a changed value is shown; a longer one is cut, with its full length said. */
export const MAX_VALUE_CHARS = 600;
/** The longest note: past this, the remaining fields are only named. */
export const MAX_NOTE_CHARS = 2000;
/** The longest reason quoted. */
const MAX_REASON_CHARS = 300;

/** One value as the model reads it: a string as written (cut when long), anything else as JSON. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  if (text.length <= MAX_VALUE_CHARS) return fence(text);
  const more = text.length - MAX_VALUE_CHARS;
  return `${fence(text.slice(0, MAX_VALUE_CHARS))} (cut here: ${more} more characters, ${text.length} in all)`;
}

/** Inline code for one line, a fenced block for several (the fence longer than any run of backticks inside). */
function fence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  if (!text.includes('\n')) return longest === 0 ? `\`${text}\`` : `${ticks} ${text} ${ticks}`;
  const block = '`'.repeat(Math.max(3, longest + 1));
  return `\n${block}\n${text}\n${block}`;
}

/** Whether two JSON values are the same (key order ignored). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The fields the edit changed, added or removed, in the edited call's order (removed ones last). */
export function changedFields(original: Record<string, unknown>, edited: Record<string, unknown>): string[] {
  const changed = Object.keys(edited).filter((k) => !Object.prototype.hasOwnProperty.call(original, k) || !same(original[k], edited[k]));
  const removed = Object.keys(original).filter((k) => !Object.prototype.hasOwnProperty.call(edited, k));
  return [...changed, ...removed];
}

/**
 * The note for the model, or null when the edit changed nothing. Names each changed field with its new value (cut
 * when long), each removed field, and the person's reason when they gave one; never longer than MAX_NOTE_CHARS.
 */
export function editNotice(original: Record<string, unknown>, edited: Record<string, unknown>, reason?: string | null): string | null {
  const fields = changedFields(original, edited);
  if (fields.length === 0) return null;
  let note = 'The person reviewing this call in Gatehouse edited its arguments before approving it, so what ran is not what you asked for:';
  const unsaid: string[] = [];
  for (const key of fields) {
    const line = !Object.prototype.hasOwnProperty.call(edited, key)
      ? `\n- ${key} was removed`
      : Object.prototype.hasOwnProperty.call(original, key)
        ? `\n- ${key} was changed to ${shown(edited[key])}`
        : `\n- ${key} was set to ${shown(edited[key])}`;
    if (unsaid.length === 0 && note.length + line.length <= MAX_NOTE_CHARS - 600) note += line;
    else unsaid.push(key);
  }
  if (unsaid.length > 0) note += `\n- also changed (too long to show here): ${unsaid.join(', ').slice(0, 150)}`;
  const why = reason?.replace(/\s+/g, ' ').trim();
  if (why) note += `\nTheir reason: ${why.length > MAX_REASON_CHARS ? `${why.slice(0, MAX_REASON_CHARS)}…` : why}`;
  return `${note}\nGo on from the arguments that ran.`;
}
