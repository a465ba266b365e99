// Editors run shell commands given on their command line: `vim -c '!rm -rf ~'`, `vim +'r !cmd'`, `emacs --eval '(shell-command "cmd")'`.
import { flag } from '../findings.js';
import { wordSpan, type CheckInput } from './context.js';

/** vi-family editors, whose `-c CMD`, `--cmd CMD` and `+CMD` are ex commands. */
export const VI_EDITORS = /^(vi|vim|nvim|gvim|rvim|ex|view|vimdiff|nvi|elvis|vile)$/;
/** An ex command that runs the rest of the line in the shell: `!cmd`, `r !cmd`, `w !cmd`, `silent !cmd`, `.!cmd`. */
const EX_BANG = /^[\s:]*(?:sil(?:ent)?!?\s*)?(?:r(?:ead)?\s*|w(?:rite)?\s*|[.$%\d,]*)!(.*)$/s;
/** `system('cmd')`, `systemlist("cmd")`: vimscript functions that run a shell command. */
const EX_SYSTEM = /\bsystem(?:list)?\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g;
/** Elisp forms that run a shell command given as a string. */
const ELISP_SHELL = /\((?:async-shell-command|shell-command(?:-to-string)?|call-process-shell-command)\s+"((?:[^"\\]|\\.)*)"/g;

/** The shell commands an ex command line runs (`|` only separates commands before a `!`, which takes the rest). */
function exShellCommands(line: string): string[] {
  const out = [...line.matchAll(EX_SYSTEM)].map((m) => m[2]!);
  let rest = line;
  for (;;) {
    const bang = EX_BANG.exec(rest);
    if (bang) return [...out, bang[1]!];
    const bar = rest.indexOf('|');
    if (bar < 0) return out;
    rest = rest.slice(bar + 1);
  }
}

/**
 * Flags an editor told to run shell commands and hands each back for analysis in its own right.
 * Threat: `vim -c '!rm -rf ~' -c q`, `ex -sc '!curl … | sh'`, `emacs --batch --eval '(shell-command "rm -rf ~")'`.
 */
export function checkEditor(c: CheckInput): void {
  const argv = c.cmd.argv;
  const emacs = /^emacs(client)?$/.test(argv[0] ?? '');
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    let commands: string[] = [];
    if (emacs) {
      const expr = /^--?eval=/.test(w) ? w.slice(w.indexOf('=') + 1) : /^(--?eval|-e|--execute)$/.test(w) ? argv[++i] ?? '' : undefined;
      if (expr !== undefined) commands = [...expr.matchAll(ELISP_SHELL)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
    } else {
      // `-c CMD`, also at the end of a cluster (`ex -sc CMD`), `--cmd CMD`, `+CMD`.
      const line = /^-[a-zA-Z]*c$/.test(w) || w === '--cmd' ? argv[++i] ?? '' : w.startsWith('+') ? w.slice(1) : undefined;
      if (line !== undefined) commands = exShellCommands(line);
    }
    for (const text of commands) {
      flag(c.f, 'code-execution', `${argv[0]} ${w} runs the shell command ${text}`, wordSpan(c, i));
      c.scripts.push({ text, via: argv[0]! });
    }
  }
}
