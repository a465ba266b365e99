// Files a command line writes and then runs (`echo 'rm -rf ~' > x.sh; sh x.sh`): what runs is what was just written.
import { commandWriteWords } from '../operands/command-paths.js';
import { absolutePath } from '../paths.js';
import { programName } from '../words/program.js';
import { staticOutput, type FedText } from '../words/static-output.js';
import type { ShellContext, SimpleCommand } from '../types.js';
import type { RawCommand } from './types.js';
import type { Word } from '../words/words.js';

/** Per analysis: each file written so far (absolute path) and its contents when the command fixes them, else null. */
export type WrittenFiles = Map<string, FedText | null>;

// Programs that run a file named among their words as shell code in a child shell, or in this shell (`source`, `.`).
const SHELLS = /^(sh|bash|dash|zsh|ksh|mksh|ash|yash|fish|busybox)$/;
const SOURCES = /^(source|\.)$/;
// Programs that run a file named among their words as code of their own language (or as a build recipe).
const RUNNERS = /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|tsx|ts-node|perl|ruby|php|lua|luajit|Rscript|tclsh|osascript|pwsh|awk|gawk|mawk|make|gmake|crontab|at|batch|expect|groovy|java|sed|gsed)$/;
// Programs that change a file's mode, owner or times but not what it holds (`chmod +x f` before `./f`).
const KEEPS_CONTENT = /^(chmod|chown|chgrp|chattr|setfacl|touch)$/;
// A first line naming a shell: a file run as a program (`./f`) is shell code with it, or without any `#!` line.
const SHELL_SHEBANG = /^#!\s*\S*?\b(sh|bash|dash|zsh|ksh|mksh|ash)\b|^#!\s*\S*env\s+(sh|bash|dash|zsh|ksh)\b/;
// Files a program runs without naming them: its scripts, recipes and test hooks (`npm test` runs package.json's "test").
const IMPLICIT: Record<string, readonly string[]> = {
  npm: ['package.json', '.npmrc'], pnpm: ['package.json', '.npmrc'], yarn: ['package.json', '.yarnrc.yml'], bun: ['package.json', 'bunfig.toml'], npx: ['package.json'],
  make: ['Makefile', 'makefile', 'GNUmakefile'], gmake: ['Makefile', 'makefile', 'GNUmakefile'], just: ['justfile', 'Justfile'],
  pytest: ['conftest.py', 'pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'], tox: ['tox.ini'], cargo: ['build.rs', 'Cargo.toml'],
};
// Redirects that carry the command's standard output into their file.
const STDOUT = /^(1?>|1?>\||1?>>|&>|&>>|>&)$/;

/** How a command runs a file this command line wrote: as shell code in a child, in this shell, or otherwise. */
export interface WrittenRun {
  path: string;
  how: 'child' | 'this-shell' | 'other';
  content: FedText | null;
}

function writtenAt(w: Word, cwd: string, ctx: ShellContext, written: WrittenFiles): string | null {
  if (w.dynamic || w.value === '') return null;
  const abs = absolutePath(w.value, cwd, ctx.home);
  return written.has(abs) ? abs : null;
}

/**
 * The file written earlier in this command line that `argv` (unwrapped) or its stdin redirect runs, or null.
 * Threat: `printf 'rm -rf ~' > x; sh x`, `cat > r.sh <<EOF … EOF; bash r.sh`, `echo … > f; chmod +x f; ./f`, `. ./f`.
 */
export function runsWritten(argv: readonly Word[], raw: RawCommand, shellReadsStdin: boolean, cwd: string, ctx: ShellContext, written: WrittenFiles): WrittenRun | null {
  if (written.size === 0 || argv.length === 0) return null;
  const at = (w: Word): WrittenRun | null => {
    const p = writtenAt(w, cwd, ctx, written);
    return p === null ? null : { path: p, how: 'other', content: written.get(p) ?? null };
  };
  const program = argv[0]!;
  const name = programName(program.value);
  if (program.value.includes('/')) {
    const self = at(program);
    const text = self?.content?.text;
    if (self) return { ...self, how: text === undefined || !text.startsWith('#!') || SHELL_SHEBANG.test(text) ? 'child' : 'other' };
  }
  if (shellReadsStdin) {
    for (const r of raw.redirects) {
      if (r.redirect.kind !== 'read' || r.redirect.target === null) continue;
      const p = absolutePath(r.redirect.target, cwd, ctx.home);
      if (written.has(p)) return { path: p, how: 'child', content: written.get(p) ?? null };
    }
  }
  const implicit = IMPLICIT[name];
  for (const p of implicit === undefined ? [] : written.keys()) {
    if (implicit!.includes(p.slice(p.lastIndexOf('/') + 1))) return { path: p, how: 'other', content: written.get(p) ?? null };
  }
  const shell = SHELLS.test(name) ? 'child' : SOURCES.test(name) ? 'this-shell' : RUNNERS.test(name) ? 'other' : null;
  if (shell === null) return null;
  for (const w of argv.slice(1)) {
    const hit = at(w);
    if (hit) return { ...hit, how: shell };
  }
  return null;
}

/**
 * Records the files `cmd` writes: a redirect of output the words fix (`echo …`, `printf …`, `cat <<EOF`, `tee` of known
 * piped text) with its contents, any other write (`cp`, `mv`, `tee`, `>` of a program's output) as unknown.
 */
export function recordWrites(cmd: SimpleCommand, argv: Word[], raw: RawCommand, fed: FedText | undefined, cwd: string, ctx: ShellContext, written: WrittenFiles): void {
  // What the command prints matters only to a file it writes by redirect.
  const printed = cmd.redirects.some((r) => r.kind === 'write' && r.target !== null) ? staticOutput({ ...raw, words: argv }, fed) : null;
  const tee = cmd.argv[0] === 'tee' ? (fed ?? null) : null;
  const teeFiles = tee === null ? undefined : new Set(cmd.argv.slice(1).filter((a) => !a.startsWith('-')));
  for (const r of cmd.redirects) {
    if (r.kind !== 'write' || r.target === null) continue;
    const abs = absolutePath(r.target, cwd, ctx.home);
    const before = written.get(abs);
    const own = STDOUT.test(r.op) ? printed : null;
    // `>>` adds to what was there: known only when this command line wrote all of it.
    const content = own === null ? null : r.op.includes('>>') ? (before ? { ...own, text: before.text + own.text, dynamic: before.dynamic || own.dynamic } : null) : own;
    written.set(abs, content);
  }
  if (KEEPS_CONTENT.test(cmd.argv[0] ?? '')) return;
  for (const w of commandWriteWords(cmd)) {
    const abs = absolutePath(w, cwd, ctx.home);
    if (cmd.redirects.some((r) => r.target === w)) continue;
    written.set(abs, teeFiles?.has(w) === true && !cmd.argv.includes('-a') ? tee : null);
  }
}
