// The one line that identifies a request in the queue: what it runs or touches, raw (callers render it inert).
import type { ToolRequest } from '../../common/domain.js';
import { describeArgs } from '../../common/summary.js';

/** What the request will run or touch; the agent's description or the raw args when no argument says. */
export function requestSummary(request: ToolRequest): string {
  return describeArgs(request.tool_name, request.args) ?? request.description ?? JSON.stringify(request.args);
}
