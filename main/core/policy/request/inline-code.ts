// Program text an interpreter runs from its own arguments or a heredoc (`python3 -c CODE`, `node -e CODE`, `python3 - <<EOF`).
import type { SimpleCommand } from '../../shell/types.js';

// Programs that run code given as an argument or on stdin: their code text is searched for what it reaches.
const INTERPRETERS = /^(python[0-9.]*|node|nodejs|deno|bun|perl|ruby|php|lua|julia|osascript|pwsh|powershell|Rscript|tclsh|awk|gawk|mawk)$/;

/**
 * The texts an interpreter command may run as code (its arguments and its heredocs' bodies), or [] for other programs.
 * Only the command's own heredocs: searching the whole command string for each command costs the square of its length.
 */
export function inlineCode(cmd: SimpleCommand, command: string): string[] {
  if (!INTERPRETERS.test(cmd.argv[0] ?? '')) return [];
  return [...cmd.argv.slice(1), ...heredocTexts(cmd, command)];
}

/** The command's own heredocs and here-strings, as written (operator, body and end word). */
export function heredocTexts(cmd: SimpleCommand, command: string): string[] {
  return cmd.redirects.filter((r) => r.kind === 'heredoc').map((r) => command.slice(r.span.start, r.span.end));
}
