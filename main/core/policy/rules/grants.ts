// Session grants as the policy reads them: each grant the person chose ("this file", "the workspace", "commands
// starting with …", "this MCP tool") stands for one allow rule that lives only in its agent's session; "this exact
// call" is Gatehouse's own fingerprint of the reviewed tool name and args. Nothing here reads the agent's payload.
import type { Rule, SessionApproval } from '../../../../common/domain.js';
import type { GrantInput } from '../../../../common/grants.js';
import { hasPlaceholder } from '../../shell/words/volatile.js';
import { toolFamily } from '../request/tools.js';

/** Rule ids of grants start with this, so a reason can name the grant instead of a rule. */
const GRANT_ID = 'session:';

// Characters a path pattern reads as glob syntax: a file named `a[1].ts` must mean that file only.
const escapeGlob = (path: string): string => path.replace(/[\\*?[\]{}()!+@]/g, (c) => `\\${c}`);

/** The Edit rule pattern for exactly one absolute file: what a grant or "always" rule adds for a file its command writes. */
export function writePattern(file: string): string {
  return `Edit(/${escapeGlob(file)})`;
}

/** A grant's payload holds one pattern a line: the command's own, then the files it writes (write-grants.ts). */
export const joinPatterns = (patterns: readonly string[]): string => patterns.join('\n');

/**
 * The allow-rule pattern a grant stands for, or null for "this exact call". Throws with a one-line reason when the
 * grant does not fit the tool (a file grant for a shell, a prefix for a file tool, a relative path).
 */
export function grantPattern(toolName: string, grant: GrantInput): string | null {
  const family = toolFamily(toolName);
  const value = (grant.value ?? '').trim();
  switch (grant.kind) {
    case 'call':
      return null;
    case 'file':
    case 'workspace': {
      if (family !== 'read' && family !== 'write') throw new Error(`a ${grant.kind} grant is for file tools, not ${toolName}`);
      if (!value.startsWith('/')) throw new Error(`a ${grant.kind} grant needs an absolute path`);
      const tool = family === 'read' ? 'Read' : 'Edit';
      const base = escapeGlob(value.replace(/\/+$/, '') || '/');
      if (grant.kind === 'workspace' && base === '/') throw new Error('a workspace grant cannot cover the whole file system');
      return grant.kind === 'file' ? `${tool}(/${base})` : `${tool}(/${base}/**)`;
    }
    case 'prefix':
      if (family !== 'shell') throw new Error(`a command prefix grant is for shell tools, not ${toolName}`);
      if (value === '' || /[\n\r()]/.test(value)) throw new Error('a command prefix must be one line of plain words');
      return `Bash(${value}:*)`;
    case 'shape':
      if (family !== 'shell') throw new Error(`a grant over volatile words is for shell tools, not ${toolName}`);
      if (value === '' || /[\n\r()]/.test(value) || !hasPlaceholder(value)) throw new Error('a grant over volatile words must be one line with a placeholder such as <pid>');
      return `Bash(${value})`;
    case 'tool':
      if (family !== 'mcp') throw new Error(`a tool grant is for MCP tools, not ${toolName}`);
      return toolName;
  }
}

/** The live grants of a request's agent and session. */
export function liveGrants(approvals: SessionApproval[], agent: string, sessionId: string | null, now: Date): SessionApproval[] {
  if (sessionId === null) return [];
  return approvals.filter(
    (a) => a.session_id === sessionId && a.agent === agent && (a.expires_at === null || Date.parse(a.expires_at) > now.getTime()),
  );
}

/** The grants that stand for allow rules, as rules, one a pattern of the grant (never stored: they live as long as their grant). */
export function grantRules(grants: SessionApproval[]): Rule[] {
  return grants
    .filter((g) => g.kind !== 'call')
    .flatMap((g) => g.payload.split('\n').map((pattern): Rule => ({
      id: `${GRANT_ID}${g.id}`, action: 'allow', pattern, scope: null, enabled: true, expires_at: null, uses_left: null,
      note: g.summary, created_at: g.created_at, last_used_at: null, hit_count: 0, source: 'user',
    })));
}

/** How a reason names what allowed a call: the rule's pattern, or the grant in the words the person saw. */
export function ruleName(rule: Rule): string {
  if (rule.id.startsWith(GRANT_ID)) return `session approval (${rule.note ?? rule.pattern})`;
  // The person's note says why the rule exists: with a deny it is what the model most needs to hear.
  const note = rule.note?.replace(/\s+/g, ' ').trim();
  return note ? `rule ${rule.pattern} (note: ${note.length > 200 ? `${note.slice(0, 200)}…` : note})` : `rule ${rule.pattern}`;
}
