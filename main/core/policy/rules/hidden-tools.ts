// Which tools of an MCP server the model should never see: those a live deny rule refuses whole (`mcp__srv__tool`,
// `mcp__srv`). A tool hidden from tools/list is still denied if it is called anyway; the list only spares the model.
import type { Rule } from '../../../../common/domain.js';
import { parseRulePattern } from './pattern.js';
import { ruleForAgent, ruleIsLive, ruleNamesTool } from './rule-match.js';

/** The names among `tools` (of MCP server `server`) that a live deny rule covers completely. */
export function hiddenTools(rules: readonly Rule[], server: string, tools: readonly string[], now: Date): string[] {
  const denies = rules.filter((r) => r.action === 'deny' && r.scope === null && ruleForAgent(r, 'mcp') && ruleIsLive(r, now)).flatMap((r) => {
    try {
      const p = parseRulePattern(r.pattern);
      return p.kind === 'mcp' || p.kind === 'tool' ? [p] : [];
    } catch {
      return [];
    }
  });
  return tools.filter((t) => denies.some((p) => ruleNamesTool(p, `mcp__${server}__${t}`)));
}
