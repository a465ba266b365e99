// What-if: how a rule would have decided the requests already in the audit log, before the person saves it.
import type { WhatIfReport } from '../../../common/api.js';
import type { AuditEntry, Rule, ToolRequest } from '../../../common/domain.js';
import { toolFamily } from '../policy/index.js';
import type { Store } from '../store/types.js';

/** Newest entries looked at; older history rarely changes the picture and would make the dialog slow. */
export const WHAT_IF_SCAN_LIMIT = 50_000;
const LISTED = 50;
const PAGE = 500;
const MANY_COMMANDS = 5;
const MANY_ALLOW_RULES = 20;

/** What what-if needs: the audit, the policy's matcher, and whether the pattern matches everything. */
export interface WhatIfDeps {
  store: Store;
  matches(rule: Rule, request: ToolRequest): Promise<boolean>;
  /** A reason when the pattern covers every call of a tool (`*`, bare `Bash`, `Bash(*)`), else null. */
  matchesEverything(pattern: string): string | null;
}

/** Counts matches and changed decisions over the newest audit entries, with warnings a person should see first. */
export async function whatIf(rule: Rule, deps: WhatIfDeps): Promise<WhatIfReport> {
  const report: WhatIfReport = { matched: 0, changed: 0, entries: [], distinct_commands: 0, warnings: [], waiting: [] };
  const commands = new Set<string>();
  // Distinct calls of any tool (a Read rule's matches are files, not commands): what "N distinct" counts.
  const distinct = new Set<string>();
  let outsideWrite: string | null = null;
  let scanned = 0;
  let cursor: string | undefined;
  while (scanned < WHAT_IF_SCAN_LIMIT) {
    const page = deps.store.queryAudit(cursor === undefined ? { limit: PAGE } : { limit: PAGE, cursor });
    for (const entry of page.entries) {
      scanned++;
      if (!(await deps.matches(rule, entryRequest(entry)))) continue;
      report.matched++;
      if (wouldChange(rule, entry)) report.changed++;
      if (report.entries.length < LISTED) report.entries.push(entry);
      distinct.add(`${entry.tool_name}\0${entry.summary}`);
      if (toolFamily(entry.tool_name) === 'shell') commands.add(entry.summary);
      if (outsideWrite === null && writesOutside(entry)) outsideWrite = entry.summary;
    }
    if (!page.next_cursor || page.entries.length === 0) break;
    cursor = page.next_cursor;
  }
  report.distinct_commands = distinct.size;

  const everything = deps.matchesEverything(rule.pattern);
  if (everything) report.warnings.push(everything);
  if (rule.action === 'allow') {
    if (commands.size > MANY_COMMANDS) report.warnings.push(`it would auto-allow ${commands.size} different commands seen before`);
    if (outsideWrite !== null) report.warnings.push(`it would allow writes outside the workspace (e.g. ${outsideWrite})`);
    const allowRules = deps.store.listRules().filter((r) => r.enabled && r.action === 'allow' && r.id !== rule.id).length + 1;
    if (allowRules >= MANY_ALLOW_RULES) report.warnings.push(`you would have ${allowRules} enabled allow rules; long allow lists are hard to review`);
  }
  return report;
}

/** The request an audit entry recorded (args as stored, i.e. redacted). */
export function entryRequest(entry: AuditEntry): ToolRequest {
  return {
    id: entry.id,
    received_at: entry.received_at,
    agent: entry.agent,
    session_id: entry.session_id,
    cwd: entry.cwd,
    tool_name: entry.tool_name,
    args: entry.args,
    payload: '',
  };
}

/** Whether the rule's action differs from what actually happened to the entry. */
function wouldChange(rule: Rule, entry: AuditEntry): boolean {
  if (rule.action === 'allow') return entry.status !== 'approved';
  if (rule.action === 'deny') return entry.status !== 'denied';
  // An ask rule changes what was decided without a person.
  return entry.decided_by !== 'user' && entry.status !== 'expired' && entry.status !== 'pending';
}

function writesOutside(entry: AuditEntry): boolean {
  const outside = entry.verdict.risks.some((r) => r.flag === 'outside-workspace');
  const writes = toolFamily(entry.tool_name) === 'write' || entry.verdict.risks.some((r) => r.flag === 'writes-file');
  return outside && writes;
}
