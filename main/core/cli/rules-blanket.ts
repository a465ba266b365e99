// The CLI's care before it adds a blanket allow (policy/rules/blanket.ts: every call of a tool, as `allow Bash` from a
// Gemini policy that "lets Gemini run its shell"): what the rule editor shows as a warning the person must confirm,
// `gatehouse rules add` and `rules import` print as a what-if and refuse unless given --allow-blanket.
import type { Rule, RuleInput } from '../../../common/domain.js';
import { createPolicyPorts } from '../broker/policy-ports.js';
import { whatIf } from '../broker/what-if.js';
import { resolveHome } from '../store/home.js';
import type { OpenStore } from '../store/index.js';
import type { CliIo } from './store-cli.js';

/** Past requests shown as examples under a what-if. */
const EXAMPLES = 5;

/** Prints what each rule would allow, judged against the audit log as the rule editor's what-if does. */
export async function printWhatIf(io: CliIo, store: OpenStore, entries: RuleInput[]): Promise<void> {
  if (entries.length === 0) return;
  const ports = await createPolicyPorts({ home: resolveHome(io.env), now: () => new Date() });
  for (const entry of entries) {
    const at = new Date().toISOString();
    const rule: Rule = {
      id: 'what-if', action: entry.action, pattern: entry.pattern.trim(), scope: entry.scope ?? null, enabled: true, expires_at: null, uses_left: null,
      note: null, created_at: at, last_used_at: null, hit_count: 0, source: entry.source ?? 'user', agent: entry.agent ?? null,
    };
    const report = await whatIf(rule, { store, ...ports.whatIf });
    const who = rule.agent === null ? 'every agent' : `${rule.agent} only`;
    io.stdout(`what-if: ${rule.action} ${rule.pattern} (${who}, ${rule.scope === null ? 'everywhere' : `in ${rule.scope}`})\n`);
    for (const w of report.warnings) io.stdout(`  warning: ${w}\n`);
    io.stdout(`  of the past requests it would have decided ${report.matched} (${report.changed} differently than they were), ${report.distinct_commands} distinct\n`);
    for (const e of report.entries.slice(0, EXAMPLES)) io.stdout(`  e.g. ${e.agent} ${e.tool_name}: ${e.summary}\n`);
  }
}
