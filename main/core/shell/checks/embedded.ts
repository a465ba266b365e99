// Shell commands written as string literals inside interpreter one-liners and awk programs (`system("rm -rf /")`).
import { shellQuote } from '../argv.js';
import { flag } from '../findings.js';
import { protectedTarget } from '../paths.js';
import type { CheckInput } from './context.js';

const RUNS_SHELL = /\b(?:system|popen|exec|execSync|spawnSync|check_output|check_call|call|run|Popen|getoutput|getstatusoutput|passthru|shell_exec|proc_open|spawn)\s*\(\s*\[?\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
const TREE_DELETE = /\b(?:rmtree|rm_rf|rm_r|remove_tree|rmSync|rmdirSync|rimraf|removeSync|emptyDirSync|remove_dir_all|unlink_r)\s*\(\s*(?:(["'])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]|([^,]{0,80}))/g;
const ARGV_LIST = /\b(?:run|call|Popen|check_output|check_call|spawnSync|spawn|execFileSync|execvp?|system)\s*\(\s*\[((?:\s*(["'])(?:\\.|(?!\2)[^\\])*\2\s*,?)+)\]/g;
const STRING = /(["'])((?:\\.|(?!\1)[^\\])*)\1/g;
const HOME_EXPR = /expanduser\(\s*["']~["']\s*\)|Path\.home\(\)|homedir\(\)|process\.env\.HOME|os\.environ\[["']HOME["']\]|getenv\(["']HOME["']\)|ENV\[["']HOME["']\]|Dir\.home/;

/** The shell command strings a piece of program text hands to a shell (`os.system('…')`, `execSync("…")`, awk `system("…")`). */
export function shellStrings(code: string): string[] {
  const unescape = (t: string): string => t.replace(/\\(["'`\\])/g, '$1');
  const lists = [...code.matchAll(ARGV_LIST)].map((m) => [...m[1]!.matchAll(STRING)].map((w) => shellQuote(unescape(w[2]!))).join(' '));
  return [...lists, ...[...code.matchAll(RUNS_SHELL)].map((m) => unescape(m[2]!))];
}

// fork() in an endless loop, in the languages agents reach for: `perl -e 'fork while 1'`, `while True: os.fork()`,
// `while(1){fork()}`, `loop { fork }`; and a process spawning itself forever (`os.system("$0 & $0")` is left to the shell check).
const FORK_LOOP = /\bfork\b[^;\n]*\bwhile\s*\(?\s*(1|true|True)\b|\bwhile\s*\(?\s*(1|true|True)\s*\)?[^;]{0,80}?\b(fork|spawn|Popen)\b|\bloop\s*(do|\{)\s*fork\b|\bfor\s*\(\s*;\s*;\s*\)[^;]{0,80}?\b(fork|spawn)\b/;

/**
 * Hands shell strings in program text back for analysis, and hard-denies deleting the root or home by library call.
 * Threat: `python -c 'import shutil; shutil.rmtree("/")'`, `perl -e 'system("rm -rf ~")'`, `node -e "execSync('rm -rf ~')"`.
 */
export function checkEmbedded(c: CheckInput, code: string, via: string): void {
  for (const text of shellStrings(code)) c.scripts.push({ text, via });
  if (FORK_LOOP.test(code)) flag(c.f, 'destructive', `fork bomb: ${via} code starts processes in an endless loop until the system stalls`, c.cmd.span, 'hard');
  for (const m of code.matchAll(TREE_DELETE)) {
    const target = m[2] ?? '';
    const why = m[3] !== undefined && HOME_EXPR.test(m[3]) ? 'the home directory' : m[2] !== undefined ? protectedTarget(target, c.cwd, c.ctx) : null;
    if (why !== null) flag(c.f, 'destructive', `${via} code deletes ${why}`, c.cmd.span, 'hard');
  }
}
