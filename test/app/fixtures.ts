// Request records for the shell's tests, shaped as the core's queue returns them.
import type { RequestRecord, ToolRequest } from '../../common/domain.js';

let n = 0;

/** A pending request record; `request` fields override the defaults (a Bash `ls`). */
export function pendingRecord(request: Partial<ToolRequest> = {}): RequestRecord {
  n += 1;
  return {
    request: {
      id: `01JTEST${String(n).padStart(19, '0')}`,
      received_at: new Date(0).toISOString(),
      agent: 'claude-code',
      session_id: 'session-1',
      cwd: '/work/project',
      tool_name: 'Bash',
      args: { command: 'ls -la' },
      payload: 'Bash:ls -la',
      ...request,
    },
    status: 'pending',
    verdict: { decision: 'ask', reasons: ['no rule matched'], risks: [] },
  };
}

/** An Anthropic-style key, long enough for the redactor to recognise. */
export const SECRET = 'sk-ant-api03-Zx9Qk2LmN4pR7sT1vW3yB5dF8gH0jK6';
