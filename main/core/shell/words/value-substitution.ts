// Command substitutions whose output is one short value of a known shape (a commit id, a date, a branch name).

// git's commit ids, descriptions and branch names, the date, who and what machine it is (not `pwd`: a path is an operand).
const VALUE_COMMAND = new RegExp(
  '^(' + [
    'git rev-parse( (--short(=\\d+)?|--abbrev-ref|--verify|-q|--quiet|--symbolic-full-name))* [\\w@^~.{}/-]+',
    'git describe( (--tags|--always|--dirty|--long|--abbrev=\\d+|--exact-match))*( [\\w@^~./-]+)?',
    'git branch --show-current',
    'git log -1 (--format|--pretty)=(format:)?%[hHcdtsae]+( [\\w@^~./-]+)?',
    'date( -u)?( \\+[%\\w:.-]+)?',
    'whoami', 'id -[ug]', 'uname( -[smrnpo]+)?', 'nproc', 'hostname',
  ].join('|') + ')$',
);

/**
 * Whether a `$(…)` or backquote substitution prints one short value of a known shape, so the word it stands in is still
 * one word a rule can vouch for (`docker build -t app:$(git rev-parse --short HEAD) .`); its command is judged by the rules
 * as a command of its own. Anything else (`$(cat notes)`) may print any words, options included.
 */
export function isValueSubstitution(text: string): boolean {
  const m = /^\$\(([^()`$<>|;&]*)\)$|^`([^`$()<>|;&]*)`$/.exec(text);
  const inner = (m?.[1] ?? m?.[2])?.trim().replace(/\s+/g, ' ');
  return inner !== undefined && VALUE_COMMAND.test(inner);
}
