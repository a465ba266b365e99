// Shell code handed as text to a program that runs it elsewhere or later: ssh's remote command (the remote shell runs its
// words joined by spaces, on `localhost` this machine), tmux's shell-commands and typed keys, a makefile's recipes read
// from stdin. Only what must be denied is drawn from them (`ssh localhost rm -rf ~`, `tmux new -d 'rm -rf ~'`).
import { scanArgs } from '../options.js';
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

/** The index of the first operand after options whose value-taking letters are `valued` (`-p22` holds its value). */
function firstOperand(argv: readonly string[], from: number, valued: string): number {
  return scanArgs(argv, from, { shortValue: valued, stopAtOperand: true }).end;
}

/**
 * The shell code an ssh, tmux or make command line hands over as text (`ssh host CMD…`, `tmux new 'CMD'`, a makefile
 * on stdin's recipes); empty when it hands none. `stdinText` is the heredoc or here-string the command is fed.
 */
export function handedCommands(argv: readonly string[], stdinText?: string): string[] {
  const name = argv[0];
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
  // The parser drops a lone `-` before a heredoc (`make -f - <<EOF`): a `-f` with no value there reads stdin too.
  const makefileOnStdin = (w: string, i: number): boolean => /^(-f|--file|--makefile)$/.test(w) && /^(-|\/dev\/stdin)$/.test(argv[i + 1] ?? '-');
  if ((name === 'make' || name === 'gmake') && stdinText !== undefined && argv.some(makefileOnStdin)) {
    return stdinText.split('\n').filter((l) => l.startsWith('\t')).map((l) => l.slice(1).replace(/^[@+-]+/, ''));
  }
  return [];
}

/** Hands the shell code of `ssh host CMD`, tmux commands and stdin makefiles back for analysis (only denials count there). */
export function checkHandedCommands(c: CheckInput): void {
  for (const text of handedCommands(c.cmd.argv, c.stdinText)) c.scripts.push({ text, via: c.cmd.argv[0]! });
}
