// Launchers are closed-world too (issue 24 §2): a program the specs do not know may run any later word of its own as a
// command (`bwrap --bind / / rm -rf ~`, `perf stat -- rm -rf ~`, `setarch x86_64 rm -rf ~`, `gdb --args rm -rf ~`) or
// its `-c STRING` as shell code (`capsh -- -c 'rm -rf ~'`). Each such reading is judged for what must be denied.
import { hasSpec } from '../specs/index.js';
import { isInterpreter } from '../checks/interpreters.js';
import { programName } from '../words/program.js';
import { isRunnerProgram } from './package-runners.js';
import { WRAPPERS } from './wrapper-specs.js';
import type { Word } from '../words/words.js';

/** Programs that only print, test or look up their words, never run them (`echo rm -rf ~` prints it). */
const TEXT_ONLY = new Set([
  'echo', 'printf', ':', 'true', 'false', 'test', '[', '[[', 'export', 'local', 'declare', 'typeset', 'readonly', 'unset', 'type', 'which', 'whereis',
  'hash', 'help', 'man', 'info', 'whatis', 'apropos', 'tldr', 'cd', 'pushd', 'popd', 'set', 'shopt', 'read', 'let', 'printenv', 'history', 'alias', 'unalias',
  'basename', 'dirname', 'realpath', 'readlink', 'mkdir', 'touch', 'ls', 'cat', 'wait', 'jobs', 'fg', 'bg', 'kill', 'pkill', 'killall', 'pgrep', 'pidof',
  'return', 'exit', 'break', 'continue', 'shift', 'getopts', 'umask', 'ulimit', 'complete', 'compgen', 'caller', 'dirs', 'disown', 'logout', 'times',
]);
// A word that may name a program: a bare name, or a path from the root, home or here ending in a name without a file
// extension (`rm`, `/bin/rm`, `./run`; not `.claude/settings.json` or `src/app.ts`, which name files).
const PROGRAM_WORD = /^(?:[A-Za-z_][\w.+-]*|(?:\/|\.{1,2}\/|~\/)(?:[\w.+-]+\/)*[A-Za-z_][\w+-]*)$/;
// Options whose value is shell code for a launcher that takes one (`capsh -c`, `… --command=`).
const SCRIPT_OPTION = /^(?:-c|--command)$/;
/** Most readings tried for one command: a launcher's command starts early among its words. */
const MAX_READINGS = 24;

/** What a launcher's words may run: a command starting at some word, or a shell script an option carries. */
export type LaunchedReading = { words: Word[] } | { script: Word };

// Programs whose checks read every word they run (find -exec, ssh's remote command, an interpreter's script and code),
// and the file and text tools whose words are files, names or text, never a command (cp, rm, sha256sum, seq…).
const READ_BY_CHECKS = new Set([
  'find', 'fd', 'fdfind', 'tar', 'gtar', 'bsdtar', 'ssh', 'tmux', 'sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk',
  'cp', 'mv', 'rm', 'rmdir', 'unlink', 'shred', 'truncate', 'touch', 'mkdir', 'mkfifo', 'mknod', 'ln', 'install', 'chmod', 'chown', 'chgrp', 'tee', 'dd',
  'rsync', 'scp', 'sleep', 'seq', 'yes', 'id', 'whoami', 'groups', 'uname', 'hostname', 'arch', 'nproc', 'uptime', 'free', 'ps', 'sha1sum', 'sha224sum',
  'sha256sum', 'sha384sum', 'sha512sum', 'md5sum', 'b2sum', 'cksum', 'sum', 'base32', 'base64', 'basenc', 'xxd', 'hexdump', 'strings', 'expr', 'paste',
  'join', 'comm', 'fold', 'fmt', 'pr', 'csplit', 'shuf', 'tsort', 'numfmt', 'factor', 'rev', 'look', 'cmp', 'less', 'more', 'zip', 'unzip', 'gzip',
  'gunzip', 'bzip2', 'xz', 'zstd', 'iconv', 'patch', 'wget',
]);

/** Whether the engine knows what `program` does with its words (a spec, a check, a wrapper it unwraps, a runner, a text builtin). */
function knowsWords(program: string): boolean {
  return hasSpec(program) || READ_BY_CHECKS.has(program) || isInterpreter(program) || WRAPPERS.has(program) || isRunnerProgram(program) || TEXT_ONLY.has(program);
}

/**
 * The readings of an unknown program's words as commands of their own: from each later word that may name a program,
 * and each `-c`/`--command` value or word holding blanks read as shell code. Empty for a program the engine knows.
 */
export function launchedReadings(argv: readonly Word[]): LaunchedReading[] {
  const program = argv[0];
  if (program === undefined || program.dynamic || knowsWords(programName(program.value))) return [];
  const out: LaunchedReading[] = [];
  for (let i = 1; i < argv.length && out.length < MAX_READINGS; i++) {
    const w = argv[i]!;
    if (w.dynamic) continue;
    const carried = /^--command=([\s\S]+)$/.exec(w.value)?.[1];
    if (carried !== undefined) out.push({ script: { ...w, value: carried } });
    else if (SCRIPT_OPTION.test(w.value) && argv[i + 1] !== undefined && !argv[i + 1]!.dynamic) out.push({ script: argv[i + 1]! });
    else if (PROGRAM_WORD.test(w.value)) out.push({ words: argv.slice(i) });
    // A whole command line as one word (`hyperfine 'rm -rf ~'`, `parallel-ish 'make; rm -rf /'`) is read as shell code.
    else if (/\s/.test(w.value.trim())) out.push({ script: w });
  }
  return out;
}
