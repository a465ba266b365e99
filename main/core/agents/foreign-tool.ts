// The name Gatehouse records for an agent's tool that no mapping of that agent translated: one rule for every agent, so
// a tool Gatehouse does not know is judged as unknown (the person decides), never as another agent's tool that happens
// to share its name. Threat: an OpenCode MCP server `read` with a tool `file` arrives as `read_file`, a Cline MCP server
// `mcp` with a tool `github__create_issue` as `mcp__github__create_issue`, and each was judged as what it is not: a
// read-only Gemini tool the workspace tiers allow, or an MCP tool a rule for another server allows.
import { toolFamily } from '../policy/request/tools.js';

/**
 * An untranslated tool's name: as the agent sent it when it means nothing in Gatehouse's vocabulary, else
 * `<agent>_<name>` (`opencode_read_file`, `cline_mcp__github__create_issue`), which is a tool Gatehouse does not know.
 */
export function foreignToolName(agent: string, toolName: string): string {
  return toolFamily(toolName) === 'other' ? toolName : `${agent}_${toolName}`;
}
