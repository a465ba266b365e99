// The OpenCode plugin `gatehouse install opencode` writes (OpenCode 1.18.33 loads every `plugins/*.js` of its config
// folders). OpenCode has no command hooks, so the plugin runs the hook command the other agents run, `gatehouse hook
// opencode`, with the call on stdin: the thin hook client finds the instance in endpoint.json and believes only its
// signed answer, exactly as for the others. Chosen over doing the HTTP in the plugin: one client to trust, and the
// hook command's fail-closed tail (POSIX: the plugin starts the command with /bin/sh) covers a moved or deleted
// Gatehouse. It costs one node start per tool call (see README). Threat: OpenCode runs the call unless the plugin throws, so every way out but a printed, well-formed allow
// (the hook exits non-zero, cannot start, prints nothing or garbage, the event cannot be sent) throws, with the reason
// the model then reads.

/** The first line of the plugin: what marks the file as Gatehouse's (install never overwrites another plugin). */
export const PLUGIN_HEADER = "// Gatehouse's OpenCode plugin: every tool call asks Gatehouse first.";

/** The plugin's text for one hook command (a shell command line, as hook-command.ts writes it for every agent). */
export function pluginSource(command: string): string {
  return `${PLUGIN_HEADER}
// Written by \`gatehouse install opencode\`; \`gatehouse uninstall opencode\` removes it. Edits here are lost on the next install.
import { spawn } from "node:child_process";

const COMMAND = ${JSON.stringify(command)};
const MAX_OUTPUT = 1024 * 1024;

// Runs the hook with one event on stdin; resolves with its exit code (null: it did not run), stdout and stderr.
function runHook(event) {
  return new Promise((resolve) => {
    const out = [];
    const err = [];
    let size = 0;
    const done = (code, extra) => resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") + (extra ?? "") });
    const keep = (list) => (chunk) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT) list.push(chunk);
    };
    let child;
    try {
      child = spawn(COMMAND, { shell: true, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    } catch (e) {
      done(null, String(e?.message ?? e));
      return;
    }
    child.stdout.on("data", keep(out));
    child.stderr.on("data", keep(err));
    child.on("error", (e) => done(null, String(e?.message ?? e)));
    child.on("close", (code) => done(code));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(event));
  });
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// What a hook run means: { allow: true, args? } only for a well-formed allow; every other run refuses, with why.
function verdict(run) {
  const said = run.stderr.split("\\n").map((l) => l.trim()).filter(Boolean).slice(-3).join(" ").slice(0, 1000);
  const refuse = (why) => ({ allow: false, reason: \`Gatehouse: no decision (\${why}); this call is refused until Gatehouse answers\` });
  if (run.code !== 0) return refuse(said || (run.code === null ? "its hook did not run" : \`its hook exited with \${run.code}\`));
  let answer;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    return refuse(said || "its hook printed no answer");
  }
  if (!isObject(answer) || !Object.keys(answer).every((k) => k === "decision" || k === "reason" || k === "args")) return refuse("its hook printed an answer of another shape");
  if (answer.reason !== undefined && typeof answer.reason !== "string") return refuse("its hook printed an answer of another shape");
  if (answer.decision === "deny") return { allow: false, reason: answer.reason || "Gatehouse denied this call" };
  if (answer.decision !== "allow") return refuse("its hook printed an answer of another shape");
  if (answer.args === undefined) return { allow: true };
  return isObject(answer.args) ? { allow: true, args: answer.args } : refuse("its hook printed an answer of another shape");
}

// The note of an after-call answer ({note}), or null for anything else.
function afterNote(run) {
  if (run.code !== 0 || !run.stdout.trim()) return null;
  try {
    const answer = JSON.parse(run.stdout);
    return isObject(answer) && Object.keys(answer).length === 1 && typeof answer.note === "string" ? answer.note : null;
  } catch {
    return null;
  }
}

export const GatehousePlugin = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    if (!isObject(output?.args)) throw new Error("Gatehouse: this call's arguments are not an object; refused");
    const event = { hook_event_name: "tool.execute.before", tool_name: input?.tool, tool_input: output.args, session_id: input?.sessionID, call_id: input?.callID, cwd: directory };
    const v = verdict(await runHook(event));
    if (!v.allow) throw new Error(v.reason);
    if (v.args) {
      // OpenCode runs the object it passed in: the person's edit replaces its contents.
      for (const k of Object.keys(output.args)) delete output.args[k];
      Object.assign(output.args, v.args);
    }
  },
  // Tells Gatehouse the call ran (its after-snapshot); decides nothing, so nothing here can refuse. When the person
  // edited the call, the answer is a note the model reads after the tool's output.
  "tool.execute.after": async (input, output) => {
    try {
      const response = typeof output?.output === "string" ? output.output.slice(0, 65536) : undefined;
      const run = await runHook({ hook_event_name: "tool.execute.after", tool_name: input?.tool, tool_input: isObject(input?.args) ? input.args : {}, session_id: input?.sessionID, call_id: input?.callID, cwd: directory, tool_response: response });
      const note = afterNote(run);
      if (note && typeof output?.output === "string") output.output += "\\n\\n" + note;
    } catch {
      // The call already ran; a lost report only leaves it unconfirmed.
    }
  },
});
`;
}

/** Whether a file's text is a plugin install wrote. */
export function isGatehousePlugin(text: string): boolean {
  return text.startsWith(`${PLUGIN_HEADER}\n`);
}

/** The hook command a Gatehouse plugin runs, or null when the text is not one. */
export function pluginCommand(text: string): string | null {
  if (!isGatehousePlugin(text)) return null;
  const m = /^const COMMAND = (".*");$/m.exec(text);
  if (!m) return null;
  try {
    const command: unknown = JSON.parse(m[1]!);
    return typeof command === 'string' ? command : null;
  } catch {
    return null;
  }
}
