// What the thin hook client needs to speak one agent's hook protocol. No runtime imports: every hook run loads it.

/** One agent's hook dialect, as seen from `gatehouse hook <agent>`. */
export interface HookAgent {
  /** The CLI name (`gatehouse hook <cli>`) and the server route `/v1/hooks/<cli>`. */
  cli: string;
  /** Hook events this agent sends that Gatehouse answers. */
  events: readonly string[];
  /** The after-call event: reported to Gatehouse ("call X ran"), answered with nothing. */
  after: string;
  /** The session-end event, where the agent has one: reported so calls that never ran are known as such. */
  sessionEnd?: string;
  /**
   * Threat: whatever reaches stdout decides a tool call. The exact text to print for a decided answer from the server
   * ('' when the agent must get no output), or null when the answer is not a valid decided answer for `eventName`.
   */
  render(value: unknown, eventName: string): string | null;
  /**
   * The exact text to print for the server's answer to the after-call event (a note for the model about a call the
   * person edited), or null when it is not one. Absent: nothing is ever printed after a call.
   */
  renderAfter?(value: unknown): string | null;
  /**
   * What to print when Gatehouse gives no decision. '' where silence makes the agent ask the person itself; a deny
   * where silence would let the call run (Gemini's "no objection", Codex's fail-open PreToolUse).
   */
  fallback(eventName: string, why: string): string;
  /**
   * The exit code of a hook run that has no answer to print (the event unreadable or unknown, the hook broken): 2
   * where exit 2 with a reason on stderr blocks the call and any other failure runs it (Gemini CLI, Codex: verified
   * with the real agents), 0 where silence makes the agent ask the person itself (Claude Code).
   */
  silentExit: 0 | 2;
  /**
   * For an agent whose events carry no `hook_event_name` or are not Claude-style (Copilot CLI, Cline): the event's name and the body its route reads
   * (Claude-style fields), or why the event cannot be read. Absent: the event goes as written, named by hook_event_name.
   */
  toRoute?(event: unknown): RoutedEvent | string;
  /**
   * Whether a refusal's reason reaches the agent only on stdout, even with exit 2 (Copilot CLI shows "hook exited with
   * code 2" and nothing of stderr): a hook program that cannot start then prints its fallback there too.
   */
  stdoutRefusal?: boolean;
  /** Seconds after which the agent kills the hook and runs the call anyway (Cline: 120): the hook gives up before. */
  killedAfterS?: number;
}

/** An event in the shape the server's hook route reads, with its name. */
export interface RoutedEvent {
  name: string;
  body: Record<string, unknown>;
}

/** A plain JSON object (not null, not an array). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `keys` holds every required key and nothing outside required ∪ optional. */
export function sameKeys(keys: string[], required: string[], optional: string[]): boolean {
  return required.every((k) => keys.includes(k)) && keys.every((k) => required.includes(k) || optional.includes(k));
}

/** A hook's one-line reason: printable, bounded. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
}
