// Commands spelled as a list of words run at once: `a=(rm -rf ~); "${a[@]}"`, `set -- rm -rf ~; "$@"`,
// `IFS=,; x=rm,-rf,~; $x`, `read -a a <<< 'rm -rf ~'; "${a[@]}"`. Read from the source for the deny checks only (such a
// program word is only known at run time, so it already asks).

// Where a command starts: the text's start, after an operator or a keyword that is followed by one.
const AT_COMMAND = String.raw`(?:^|[;&|({\n]|\b(?:then|do|else|elif|time|exec|command|builtin|nohup)\s)\s*`;
// The words of an array assignment or of `set --` / `set`, up to the end of the command.
const ARRAY = /(?:^|[;&|(\s])([A-Za-z_]\w*)=\(([^()]*)\)/g;
const READ_ARRAY = /\bread\s+(?:-\w+\s+)*-a\s*([A-Za-z_]\w*)\s*<<<\s*("[^"]*"|'[^']*'|\S+)/g;
const SET_ARGS = /\bset\s+(?:--\s+)?([^;&|\n]+)/g;
const IFS_VALUE = /\bIFS=("[^"]*"|'[^']*'|\S)/;
const SCALAR = /(?:^|[;&|(\s])([A-Za-z_]\w*)=("[^"]*"|'[^']*'|[^\s;&|()]+)/g;

function unquote(text: string): string {
  return text.replace(/^(["'])(.*)\1$/s, '$2');
}

function escape(name: string): string {
  return name.replace(/[$*@[\]{}]/g, (c) => `\\${c}`);
}

/** Whether `source` runs `spelling` (a whole word, quoted or not) where a program name stands. */
function runsAsCommand(source: string, spellings: readonly string[]): boolean {
  return spellings.some((s) => new RegExp(`${AT_COMMAND}"?${escape(s)}"?(?=\\s|$|[;&|)])`).test(source));
}

/**
 * The command texts the source runs as a list of words it fixed itself: array contents run as `"${a[@]}"`, positional
 * parameters `set --` gave and `"$@"` runs, a value split on a custom IFS and run unquoted. Empty when there is none.
 * Threat: `a=(rm -rf ~); "${a[@]}"` past the hard denies, which see only a run-time program word.
 */
export function wordListCommands(source: string): string[] {
  if (!/[[@*]|\bIFS=/.test(source)) return [];
  const out: string[] = [];
  for (const m of source.matchAll(ARRAY)) {
    if (runsAsCommand(source, [`\${${m[1]}[@]}`, `\${${m[1]}[*]}`, `$${m[1]}`, `\${${m[1]}}`])) out.push(m[2]!.trim());
  }
  for (const m of source.matchAll(READ_ARRAY)) {
    if (runsAsCommand(source, [`\${${m[1]}[@]}`, `\${${m[1]}[*]}`])) out.push(unquote(m[2]!));
  }
  if (runsAsCommand(source, ['$@', '$*', '${@}', '${*}'])) for (const m of source.matchAll(SET_ARGS)) out.push(m[1]!.trim());
  const ifs = IFS_VALUE.exec(source);
  const sep = ifs ? unquote(ifs[1]!) : '';
  if (sep !== '') {
    for (const m of source.matchAll(SCALAR)) {
      if (m[1] === 'IFS' || !runsAsCommand(source, [`$${m[1]}`, `\${${m[1]}}`])) continue;
      out.push(unquote(m[2]!).split('').map((c) => (sep.includes(c) ? ' ' : c)).join(''));
    }
  }
  return out.filter((t) => t !== '');
}
