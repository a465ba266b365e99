// Shell code handed as text to a program that runs it elsewhere or later: ssh's remote command (the remote shell runs its
// words joined by spaces, on `localhost` this machine), tmux's shell-commands and typed keys, a makefile's recipes read
// from stdin, a debugger's shell commands. Only what must be denied is drawn from them (`ssh localhost rm -rf ~`, `tmux new -d 'rm -rf ~'`).
import { scanArgs } from '../options.js';
import { buildFileOnStdin, makefileRecipes } from './build-files.js';
import type { CheckInput } from './context.js';

// ssh's options that take a value (`-p 22`, `-i key`, `-o Opt=v`, `-J jump`).
const SSH_VALUED = 'BbcDEeFIiJLlmOoPpQRSWw';
// tmux's commands that run their remaining words as a shell command, with the letters of their options that take a value.
const TMUX_RUNS: Record<string, string> = {
  'new-session': 'cefFnstxy', new: 'cefFnstxy', 'new-window': 'ceFnt', neww: 'ceFnt', 'split-window': 'celpFt', splitw: 'celpFt',
  'respawn-pane': 'cet', respawnp: 'cet', 'respawn-window': 'cet', respawnw: 'cet', 'run-shell': 'cdt', run: 'cdt',
  'if-shell': 't', if: 't', 'pipe-pane': 't', pipep: 't', 'display-popup': 'bcdehsStTwxy', popup: 'bcdehsStTwxy', 'send-keys': 'Nt', send: 'Nt',
};
// Key names send-keys types as keys, not text (`Enter`, `C-m`, `KPEnter`).
const KEY_NAME = /^(Enter|KPEnter|Escape|Tab|Space|BSpace|[CMS]-.+)$/;

// Debuggers' options whose value is one of their commands (`gdb -ex CMD`, `gdb --eval-command=CMD`, `lldb -o CMD`).
const DEBUGGER_OPTIONS: Record<string, RegExp> = {
  gdb: /^--?(ex|eval-command|iex|init-eval-command)(=|$)/,
  lldb: /^(-o|-O|-k|--one-line|--one-line-before-file|--one-line-on-crash)(=|$)/,
};
// Their commands that run the rest of the line in the shell: gdb's `shell CMD`, `!CMD` and `pipe … | CMD`, lldb's
// `platform shell CMD` (alias `shell`).
const DEBUGGER_SHELL = /^\s*(?:(?:platform\s+)?shell\s+(?:--\s+)?|!|(?:pipe|\|)\s[^|]*\|)(.*)$/s;

/** The shell commands a debugger's command options run (`gdb -batch -ex 'shell rm -rf ~'`); empty for other programs. */
function debuggerShellCommands(argv: readonly string[]): string[] {
  const option = DEBUGGER_OPTIONS[argv[0] ?? ''];
  if (option === undefined) return [];
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const m = option.exec(argv[i]!);
    if (!m) continue;
    const value = m[2] === '=' ? argv[i]!.slice(argv[i]!.indexOf('=') + 1) : (argv[++i] ?? '');
    const text = DEBUGGER_SHELL.exec(value)?.[1];
    if (text !== undefined && text.trim() !== '') out.push(text);
  }
  return out;
}

/** The index of the first operand after options whose value-taking letters are `valued` (`-p22` holds its value). */
function firstOperand(argv: readonly string[], from: number, valued: string): number {
  return scanArgs(argv, from, { shortValue: valued, stopAtOperand: true }).end;
}

/**
 * The shell code an ssh, tmux, make, gdb or lldb command line hands over as text (`ssh host CMD…`, `tmux new 'CMD'`, a makefile
 * on stdin's recipes); empty when it hands none. `stdinText` is the heredoc or here-string the command is fed.
 */
export function handedCommands(argv: readonly string[], stdinText?: string): string[] {
  const name = argv[0];
  if (name !== undefined && name in DEBUGGER_OPTIONS) return debuggerShellCommands(argv);
  if (name === 'ssh') {
    // ssh reads options after the host too (`ssh host -t -- cmd`).
    const host = firstOperand(argv, 1, SSH_VALUED);
    const words = argv.slice(firstOperand(argv, host + 1, SSH_VALUED));
    return words.length > 0 ? [words.join(' ')] : [];
  }
  if (name === 'tmux') {
    const sub = firstOperand(argv, 1, 'cfLST');
    const global = argv.slice(1, sub).flatMap((w, i, a) => (w === '-c' ? [a[i + 1] ?? ''] : []));
    const valued = TMUX_RUNS[argv[sub] ?? ''];
    if (valued === undefined) return global;
    const operands = argv.slice(firstOperand(argv, sub + 1, valued));
    // if-shell's shell command is its first operand (tmux commands follow); send-keys types key names as keys.
    const words = /^if(-shell)?$/.test(argv[sub]!) ? operands.slice(0, 1) : operands.filter((w) => !/^send(-keys)?$/.test(argv[sub]!) || !KEY_NAME.test(w));
    return [...global, ...(words.length > 0 ? [words.join(' ')] : [])];
  }
  if ((name === 'make' || name === 'gmake') && stdinText !== undefined && buildFileOnStdin(argv)) return makefileRecipes(stdinText);
  return [];
}

/** Hands the shell code of `ssh host CMD`, tmux commands and stdin makefiles back for analysis (only denials count there). */
export function checkHandedCommands(c: CheckInput): void {
  for (const text of handedCommands(c.cmd.argv, c.stdinText)) c.scripts.push({ text, via: c.cmd.argv[0]! });
}
