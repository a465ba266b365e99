// How deep a JSON text nests, counted without parsing it: bodies nested thousands of levels parse fine but then
// overflow the stack of whatever walks them (schema validation, redaction, canonical JSON), which was a 500.

/** Deepest nesting any request body may have; real tool arguments stay far below it. */
export const MAX_JSON_DEPTH = 64;

/** The deepest `{`/`[` nesting of a JSON text (brackets inside strings do not count), stopping once past `limit`. */
export function jsonDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
