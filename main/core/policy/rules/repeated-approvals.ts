// "You keep approving this": the rule to suggest when the person has approved the same kind of call several times
// within a while. Only ever a suggestion: the person accepts it (a rule is created) or dismisses it.
import type { AuditEntry } from '../../../../common/domain.js';

/** An audit row with the rule an "always" for it would propose (the one over its volatile words when there is one). */
export interface ProposedRow {
  entry: Pick<AuditEntry, 'id' | 'received_at' | 'status' | 'decided_by' | 'summary' | 'cwd'>;
  /** null when no rule can allow the call. */
  pattern: string | null;
}

/** A rule the person has in effect approved `count` times by hand. */
export interface RepeatedApproval {
  pattern: string;
  count: number;
  /** The newest calls it would have allowed, newest first (at most three). */
  examples: string[];
  /** The working directory of the newest of them: the workspace the rule is offered for. */
  cwd: string | null;
}

/** How many approvals, over how long, make a suggestion; and the patterns that already are rules. */
export interface RepeatOptions {
  now: Date;
  windowMs: number;
  min: number;
  /** Patterns of existing rules: never suggested again. */
  known: ReadonlySet<string>;
}

/**
 * The rules to suggest, most approvals first: calls the person approved (not a rule, a grant or a timeout) within the
 * window, grouped by the rule "always" would propose for them, where a group reaches `min` and is no rule yet.
 */
export function repeatedApprovals(rows: readonly ProposedRow[], opts: RepeatOptions): RepeatedApproval[] {
  const since = opts.now.getTime() - opts.windowMs;
  const groups = new Map<string, Omit<RepeatedApproval, 'examples'> & { newest: number; calls: Array<{ summary: string; at: number }> }>();
  for (const { entry, pattern } of rows) {
    if (pattern === null || entry.status !== 'approved' || entry.decided_by !== 'user' || opts.known.has(pattern)) continue;
    const at = Date.parse(entry.received_at);
    if (!(at >= since && at <= opts.now.getTime())) continue;
    const g = groups.get(pattern) ?? { pattern, count: 0, calls: [], cwd: entry.cwd, newest: at };
    g.count++;
    if (at >= g.newest) {
      g.newest = at;
      g.cwd = entry.cwd;
    }
    g.calls.push({ summary: entry.summary, at });
    groups.set(pattern, g);
  }
  return [...groups.values()]
    .filter((g) => g.count >= opts.min)
    .sort((a, b) => b.count - a.count || b.newest - a.newest)
    .map(({ newest: _newest, calls, ...g }) => ({ ...g, examples: [...new Set(calls.sort((a, b) => b.at - a.at).map((c) => c.summary))].slice(0, 3) }));
}
