// "Approve for session" grants, in the words a person uses for each kind of tool: this file or the whole workspace
// for file tools, this exact command or a command prefix for shells, this tool for MCP, this exact call otherwise.
// One description serves the dialog, the Sessions view and the audit, so all three say exactly what a grant covers.

/** What a session grant covers. */
export type GrantKind = 'call' | 'file' | 'workspace' | 'prefix' | 'shape' | 'tool';

/** The person's choice of grant: a kind and its value (a path, a workspace folder, a command prefix, a tool name). */
export interface GrantInput {
  kind: GrantKind;
  /**
   * file: absolute path; workspace: absolute folder; prefix: the command prefix; shape: the command with volatile words as
   * placeholders (`kill <pid>`); tool: the MCP tool; call: ignored.
   */
  value?: string;
}

/** A grant the dialog offers for one request, with the words that describe it. */
export interface GrantChoice {
  grant: GrantInput & { value: string };
  label: string;
  /** True for the prefix choice: the person may narrow the prefix before approving. */
  editable?: boolean;
  /** The workspace files the command writes (`> log.txt`) that the grant also lets it write, absolute. */
  writes?: string[];
}

/** Whether a tool name is one of the shells (Claude Code, Gemini CLI, Codex). */
function isShell(tool: string): boolean {
  return ['Bash', 'run_shell_command', 'shell', 'local_shell', 'exec_command'].includes(tool);
}

/** The words for the files a grant or rule also lets a command write: " — and writing the file /ws/log.txt". */
export function describeWrites(writes: readonly string[] | undefined): string {
  if (!writes || writes.length === 0) return '';
  return ` — and writing ${writes.length === 1 ? 'the file' : 'the files'} ${writes.join(', ')} (only ${writes.length === 1 ? 'that file' : 'those files'})`;
}

/** The sentence that says what a grant covers, e.g. "edits to /ws/src/app.ts for the rest of this session". */
export function describeGrant(toolName: string, grant: GrantInput & { value: string }, writes?: readonly string[]): string {
  return describeKind(toolName, grant) + describeWrites(writes);
}

function describeKind(toolName: string, grant: GrantInput & { value: string }): string {
  switch (grant.kind) {
    case 'file':
      return `${toolName} of the file ${grant.value} — this file only`;
    case 'workspace':
      return `${toolName} of any file in the workspace ${grant.value} (not outside it, not .git/)`;
    case 'prefix':
      return `commands starting with \`${grant.value}\` — each command of a chain must start with it`;
    case 'shape':
      return `commands like \`${grant.value}\` — any one ${placeholderWords(grant.value)} where it says <…>, the rest exactly as written`;
    case 'tool':
      return `every call of the MCP tool ${grant.value}`;
    case 'call':
      return isShell(toolName) ? `this exact command: \`${grant.value}\`` : `only this exact ${toolName} call again, with the same arguments (${grant.value})`;
  }
}

// What each volatile placeholder stands for, in a person's words.
const PLACEHOLDER_WORDS: Record<string, string> = {
  pid: 'process id',
  port: 'port',
  time: 'timestamp',
  hash: 'hex hash',
  uuid: 'UUID',
  tmp: 'temp-file name',
};

/** "process id, port": the kinds of placeholder a pattern holds. */
export function placeholderWords(pattern: string): string {
  const kinds = [...new Set([...pattern.matchAll(/<([a-z]+)>/g)].map((m) => m[1]!))].filter((k) => k in PLACEHOLDER_WORDS);
  return kinds.map((k) => PLACEHOLDER_WORDS[k]!).join(', ') || 'value';
}
