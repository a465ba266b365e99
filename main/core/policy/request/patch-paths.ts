// The files a patch in the apply_patch format names (Codex's apply_patch, sent to hooks as `{command: PATCH}`; Cline's
// and OpenCode's apply_patch take the same text): its only statement of what it writes is inside the text, on
// `*** Add File:`, `*** Update File:`, `*** Delete File:` and `*** Move to:` lines.

// Read leniently (any case, spaces around the words, CRLF): a header the agent's parser might accept is never missed.
const HEADER = /^[ \t]*\*\*\*[ \t]*(?:(?:add|update|delete)[ \t]+file|move[ \t]+to)[ \t]*:[ \t]*(.*?)[ \t\r]*$/gim;

/**
 * Every path a patch text adds, updates, deletes or moves a file to, in order, once each ([] for text that is no patch).
 * Threat: an unknown tool's argument `"*** Begin Patch\n*** Add File: .claude/settings.json…"` is one multi-line string,
 * which no path reading of arguments looks into, so the tamper guard never saw the hook configuration it rewrites.
 */
export function patchPaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(HEADER)) {
    const p = m[1]!;
    if (p !== '' && !out.includes(p)) out.push(p);
  }
  return out;
}
