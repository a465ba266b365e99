// Codex runs a hook only when config.toml trusts it (Codex 0.169; untrusted hooks are skipped silently):
// `[hooks.state."<abs hooks.json>:<event_snake>:<group>:<hook>"] trusted_hash = "sha256:<hex>"`, the hash taken over
// the canonical JSON (keys sorted at every level) of {event_name, matcher?, hooks: [{type, command, timeout, async}]}.
import { createHash } from 'node:crypto';

/** Canonical JSON: object keys sorted at every level, no spaces (as Codex serialises before hashing). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The key of one hook in config.toml's [hooks.state] table. */
export function trustKey(hooksJsonPath: string, eventSnake: string, group: number, hook: number): string {
  return `${hooksJsonPath}:${eventSnake}:${group}:${hook}`;
}

/** The trusted_hash Codex expects for a command hook group. */
export function trustHash(eventSnake: string, group: { matcher?: string; hooks: Array<{ command: string; timeout?: number; async?: boolean }> }): string {
  const value = {
    event_name: eventSnake,
    ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
    hooks: group.hooks.map((h) => ({ type: 'command', command: h.command, timeout: Math.max(1, h.timeout ?? 600), async: h.async ?? false })),
  };
  return `sha256:${createHash('sha256').update(canonical(value)).digest('hex')}`;
}
