// Codex's hook dialect (PROTOCOLS.md, Codex 0.169): Claude-style events; PreToolUse honours only deny (allow and ask
// fail open, i.e. the call runs), PermissionRequest takes allow or deny with a message (no updatedInput).
import { isPlainObject, oneLine, sameKeys, type HookAgent } from '../hook-agent.js';

/** The hook events Gatehouse answers for Codex. */
export const CODEX_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;

/** PreToolUse: the server may answer allow (printed as nothing) or deny. */
function renderPreToolUse(out: Record<string, unknown>): string | null {
  if (!sameKeys(Object.keys(out), ['hookEventName', 'permissionDecision'], ['permissionDecisionReason'])) return null;
  const reason = out['permissionDecisionReason'];
  if (reason !== undefined && typeof reason !== 'string') return null;
  if (out['permissionDecision'] === 'allow') return '';
  if (out['permissionDecision'] !== 'deny') return null;
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason ?? 'denied by Gatehouse' } })}\n`;
}

/** PermissionRequest: allow, or deny with a message. */
function renderPermissionRequest(out: Record<string, unknown>): string | null {
  if (!sameKeys(Object.keys(out), ['hookEventName', 'decision'], [])) return null;
  const d = out['decision'];
  if (!isPlainObject(d)) return null;
  let decision: Record<string, unknown>;
  if (d['behavior'] === 'allow' && sameKeys(Object.keys(d), ['behavior'], [])) decision = { behavior: 'allow' };
  else if (d['behavior'] === 'deny' && sameKeys(Object.keys(d), ['behavior', 'message'], []) && typeof d['message'] === 'string') decision = { behavior: 'deny', message: d['message'] };
  else return null;
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } })}\n`;
}

/**
 * Codex: an event without a decision is denied in its own event's words (silence would run a PreToolUse, and hand a
 * PermissionRequest to Codex's reviewer, which may approve it); an event of no known kind gets exit 2 and a reason.
 */
export const codexHook: HookAgent = {
  cli: 'codex',
  after: 'PostToolUse',
  events: CODEX_EVENTS,
  render(value, eventName) {
    if (!isPlainObject(value) || !sameKeys(Object.keys(value), ['hookSpecificOutput'], [])) return null;
    const out = value['hookSpecificOutput'];
    if (!isPlainObject(out) || out['hookEventName'] !== eventName) return null;
    if (eventName === 'PreToolUse') return renderPreToolUse(out);
    if (eventName === 'PermissionRequest') return renderPermissionRequest(out);
    return null;
  },
  silentExit: 2,
  fallback(eventName, why) {
    const reason = `Gatehouse could not decide (${oneLine(why)}); denied until it can`;
    if (eventName === 'PreToolUse') return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`;
    if (eventName === 'PermissionRequest') return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: reason } } })}\n`;
    return '';
  },
};
