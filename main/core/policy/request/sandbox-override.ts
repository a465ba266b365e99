// Whether a shell call asks its agent to run it outside the agent's own sandbox: Claude Code's
// `dangerouslyDisableSandbox`, Codex's `sandbox_permissions` and its older `with_escalated_permissions`.

// Each field that moves a call out of the agent's sandbox, with the one value that keeps it in (or absent).
const OVERRIDES: ReadonlyArray<{ field: string; keeps: unknown }> = [
  { field: 'dangerouslyDisableSandbox', keeps: false },
  { field: 'sandbox_permissions', keeps: 'use_default' },
  { field: 'with_escalated_permissions', keeps: false },
];

/**
 * The argument that takes the call out of the agent's own sandbox, as the review shows it (`dangerouslyDisableSandbox:
 * true`), or null when the call stays in. Any value but the keeping one counts (a `"true"` string, a null): what the
 * agent might read as "off" is off. Threat: a rule written for a command run inside the agent's sandbox
 * (`Bash(npm test:*)`) would silently vouch for the same command with the sandbox turned off.
 */
export function sandboxOverride(args: Readonly<Record<string, unknown>>): string | null {
  const found = OVERRIDES.filter(({ field, keeps }) => Object.hasOwn(args, field) && args[field] !== undefined && args[field] !== keeps);
  return found.length === 0 ? null : found.map(({ field }) => `${field}: ${(JSON.stringify(args[field]) ?? String(args[field])).slice(0, 80)}`).join(', ');
}
