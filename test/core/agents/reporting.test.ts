// Which agents report every call that ran, read from what their installers write (not a hand list that drifts).
import { expect, it } from 'vitest';
import { REPORTING_AGENTS } from '../../../main/core/agents/reporting.js';
import { AGENTS } from '../../../main/core/agents/registry.js';

it('every agent whose install writes its after-call event reports; Cursor (its after events not installed) does not', () => {
  expect([...REPORTING_AGENTS].sort()).toEqual(['claude-code', 'cline', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code']);
  expect(REPORTING_AGENTS.has('cursor')).toBe(false);
  for (const kind of REPORTING_AGENTS) expect(AGENTS.some((a) => a.kind === kind)).toBe(true);
});
