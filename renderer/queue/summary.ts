// The one line that identifies a request in the queue: what it runs or touches, raw (callers render it inert).
import type { ToolRequest } from '../../common/domain.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** What the request will run or touch, in the words a person recognises (command, path, URL…). */
export function requestSummary(request: ToolRequest): string {
  const a = request.args;
  const target =
    str(a.command) ??
    str(a.file_path) ??
    str(a.notebook_path) ??
    str(a.url) ??
    str(a.query) ??
    (str(a.pattern) ? `${String(a.pattern)}${str(a.path) ? ` in ${String(a.path)}` : ''}` : null);
  return target ?? request.description ?? JSON.stringify(a);
}
