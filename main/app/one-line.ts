// The short, safe line that names a request in native UI (notifications, tray menu): redacted, inert, truncated.
// Native UI shows plain text, so every control, format (bidi, zero-width, tag) and line-separator character
// becomes a visible ⟨U+XXXX⟩ (common/inert.ts, shared with the renderer's richer previews).
import type { RequestRecord } from '../../common/domain.js';
import { inertText, type InertOptions } from '../../common/inert.js';
import { createRedactor } from '../core/store/redact.js';
import { summarize } from '../core/store/summary.js';

/** Longest line native UI gets (macOS and Windows cut notification bodies around here anyway). */
export const LINE_MAX = 80;

// One line of plain text: line breaks and tabs are stand-ins too, written as code points any font can draw.
const NATIVE: InertOptions = { singleLine: true, codePoints: true };

const redactor = createRedactor();

/**
 * Makes agent-supplied text safe for one line of native UI: nothing hidden, nothing reordered, bounded length.
 * Threat: a prompt-injected agent disguises `rm -rf ~` as something harmless with bidi overrides, escapes or a
 * tail pushed past the visible width, or floods the notification centre with a megabyte of text.
 */
export function inertLine(text: string, max: number = LINE_MAX): string {
  const chars = Array.from(inertText(text, NATIVE).replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** What native UI says about one request: who asks, for which tool, to do what — never secrets or file contents. */
export interface RequestLine {
  agent: string;
  tool: string;
  summary: string;
}

/** Builds the request's one-line description from redacted args (command, path or URL, never `content`). */
export function requestLine(record: RequestRecord): RequestLine {
  const { request } = record;
  const args = redactor.value(request.args);
  const safeArgs = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  return {
    agent: inertLine(redactor.text(String(request.agent)), 30),
    tool: inertLine(redactor.text(request.tool_name), 40),
    summary: inertLine(summarize(request.tool_name, safeArgs)),
  };
}
