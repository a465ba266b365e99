// A script word built from substitutions that only print fixed text (`sh -c "$(echo rm -rf /)"`): the text the shell runs.
import type { SyntaxNode as Node } from '../walk/syntax-tree.js';
import { newFindings } from '../findings.js';
import { parseBash } from '../walk/parser.js';
import { staticOutput } from './static-output.js';
import type { ShellContext } from '../types.js';
import { walkProgram } from '../walk/walk.js';
import type { WalkState } from '../walk/types.js';

/** What a substitution's body prints when it is one `echo`/`printf`/`cat <<'EOF'`, else null. */
function printed(body: string, ctx: ShellContext): string | null {
  const root = parseBash(body);
  if (root.hasError) return null;
  const ws: WalkState = { source: body, ctx, findings: newFindings(), commands: [], at: (s) => s, nextPipe: 0 };
  walkProgram(root, ws, ctx.cwd);
  const only = ws.commands[0];
  if (ws.commands.length !== 1 || !only || only.pipe) return null;
  // An expansion in the printed words stays as its source text: read again as script, it names the same value.
  const out = staticOutput(only);
  // $( ) drops the trailing newlines of what the command prints.
  return out ? out.text.replace(/\n+$/, '') : null;
}

function substitutions(n: Node, out: Node[]): void {
  if (n.type === 'command_substitution') out.push(n);
  else for (const c of n.children) substitutions(c, out);
}

/**
 * The script with each substitution that prints fixed text replaced by that text; null when none does.
 * Threat: `sh -c "$(echo rm -rf /)"`, `bash -c "$(printf 'rm -rf ~')"` hide a hard-denied command behind a substitution.
 */
export function resolveStaticSubstitutions(script: string, ctx: ShellContext): string | null {
  const subs: Node[] = [];
  substitutions(parseBash(script), subs);
  let text = script;
  let changed = false;
  for (const s of subs.reverse()) {
    // Replaced from the end, so the offsets of earlier substitutions stay valid.
    const value = printed(s.text.startsWith('$(') ? s.text.slice(2, -1) : s.text.slice(1, -1), ctx);
    if (value === null) continue;
    text = text.slice(0, s.startIndex) + value + text.slice(s.endIndex);
    changed = true;
  }
  return changed ? text : null;
}
