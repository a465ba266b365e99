// less runs the commands in a `+CMD` argument at start-up, and `!CMD` among them runs a shell command (`|m CMD` pipes
// to one); a lesskey file can set LESSOPEN, an input preprocessor less runs through the shell.
import { flag } from '../findings.js';
import { wordSpan, type CheckInput } from './context.js';

/**
 * The shell command a less start-up argument runs (`+!rm -rf ~` → `rm -rf ~`, `+|m sh` → `sh`), or null; a search
 * (`+/a!b`, `+?x`, `+&x`) takes the rest as its pattern.
 */
export function lessShellCommand(word: string): string | null {
  const m = /^\+\+?(?![/?&])[^!|]*(?:!|\|.)(.*)$/s.exec(word);
  return m ? m[1]! : null;
}

/**
 * Flags less start-up commands that run a shell command (handing it over for analysis) and lesskey files.
 * Threat: `less '+!rm -rf ~' README.md` under a blanket Bash rule; `less --lesskey-src=keys README.md` under `Bash(less:*)`.
 */
export function checkPager(c: CheckInput): void {
  c.cmd.argv.forEach((w, i) => {
    if (i === 0) return;
    const shell = lessShellCommand(w);
    if (shell !== null) {
      flag(c.f, 'code-execution', `less ${w} runs a shell command at start-up`, wordSpan(c, i));
      c.scripts.push({ text: shell, via: 'less' });
    } else if (/^(-k|--lesskey-(file|src|content)(=|$))/.test(w)) {
      flag(c.f, 'code-execution', `less ${w} reads key bindings and variables (LESSOPEN, a preprocessor it runs) from a lesskey file`, wordSpan(c, i));
    }
  });
}
