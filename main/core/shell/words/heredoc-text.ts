// `$(cat <<'EOF' … EOF)` — how Claude Code writes every commit message — yields its heredoc body and runs nothing else.
import type { SyntaxNode as Node } from '../walk/syntax-tree.js';

function onlyHeredoc(r: Node): { start: Node; body: Node | null } | null {
  const start = r.namedChildren.find((c) => c.type === 'heredoc_start');
  if (r.type !== 'heredoc_redirect' || !start || !/['"\\]/.test(start.text)) return null;
  const body = r.namedChildren.find((c) => c.type === 'heredoc_body') ?? null;
  // Anything else hanging on the heredoc (`| sh`, `; rm …`, `> file`, `2>&1`) runs or writes something.
  if (r.namedChildren.some((c) => !['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(c.type))) return null;
  if (body?.namedChildren.some((c) => c.type !== 'heredoc_content')) return null;
  return { start, body };
}

/**
 * The text of a command substitution that only prints a QUOTED heredoc through a bare `cat`, or null.
 * Threat: `$(cat <<EOF $(rm -rf ~) EOF)`, `$(cat <<'EOF' … EOF; rm -rf ~)`, `$(cat <<'EOF' x EOF | sh)`, `$(cat f <<'EOF')`
 * all run something besides printing inert text, so each of them must stay a substitution.
 */
export function staticHeredocSubstitution(n: Node): string | null {
  if (n.type !== 'command_substitution' || !n.text.startsWith('$(')) return null;
  const kids = n.namedChildren;
  const rs = kids[0];
  if (kids.length !== 1 || rs?.type !== 'redirected_statement') return null;
  const cmd = rs.childForFieldName('body');
  const redirects = rs.childrenForFieldName('redirect');
  if (cmd?.type !== 'command' || cmd.namedChildren.length !== 1 || cmd.namedChildren[0]?.text !== 'cat') return null;
  if (rs.namedChildren.length !== 2 || redirects.length !== 1) return null;
  const doc = onlyHeredoc(redirects[0]!);
  if (!doc) return null;
  const dash = redirects[0]!.children.some((c) => c.type === '<<-');
  let text = doc.body?.text ?? '';
  if (dash) text = text.replace(/^\t+/gm, '');
  // $( ) drops the trailing newlines of what the command prints.
  return text.replace(/\n+$/, '');
}
