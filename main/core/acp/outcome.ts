// Which of the agent's offered options answers its `session/request_permission`, given what Gatehouse decided. An
// allow is `allow_once` whenever the agent offers it, even when the person chose "always": Gatehouse remembers the
// person's rule itself, while an agent's "always" is wider than that rule (Gemini CLI's turns on auto-edit for every
// file, the Claude Code adapter's allows the whole tool for the session) and the calls it covers never reach Gatehouse.
import type { PermissionOptionKind, RequestPermissionOutcome } from '@agentclientprotocol/sdk';

/** What Gatehouse decided, in the words the options need. */
export type PermissionVerdict = 'allow' | 'allow-always' | 'reject' | 'reject-always';

const KINDS: readonly string[] = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] satisfies PermissionOptionKind[];

/**
 * The offered options by kind, first offered first. An option id offered under two kinds (or twice) is dropped: which
 * of them the agent would act on is its own business, so it answers nothing.
 */
function byKind(options: unknown): Map<PermissionOptionKind, string> {
  const seen = new Map<string, number>();
  const valid: Array<{ id: string; kind: PermissionOptionKind }> = [];
  for (const o of Array.isArray(options) ? options : []) {
    if (typeof o !== 'object' || o === null) continue;
    const { optionId: id, kind } = o as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') continue;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    if (typeof kind === 'string' && KINDS.includes(kind)) valid.push({ id, kind: kind as PermissionOptionKind });
  }
  const out = new Map<PermissionOptionKind, string>();
  for (const { id, kind } of valid) if (seen.get(id) === 1 && !out.has(kind)) out.set(kind, id);
  return out;
}

/**
 * The outcome for `verdict` among `options`: allow_once (allow_always only when the person chose always and the agent
 * offers no allow_once); a refusal is reject_once (reject_always when the person refused always), or `cancelled` when
 * the agent offers no reject. An allow the options cannot express is refused, never widened.
 */
export function chooseOutcome(options: unknown, verdict: PermissionVerdict): RequestPermissionOutcome {
  const offered = byKind(options);
  const pick = (...kinds: PermissionOptionKind[]): RequestPermissionOutcome | null => {
    for (const k of kinds) {
      const id = offered.get(k);
      if (id !== undefined) return { outcome: 'selected', optionId: id };
    }
    return null;
  };
  const allowed = verdict === 'allow' ? pick('allow_once') : verdict === 'allow-always' ? pick('allow_once', 'allow_always') : null;
  const refusal = verdict === 'reject-always' ? pick('reject_always', 'reject_once') : pick('reject_once', 'reject_always');
  return allowed ?? refusal ?? { outcome: 'cancelled' };
}
