// xargs: the words it appends from text it reads, what `-I` replaces, and deleters fed a protected place.
import { findSweeps } from '../checks/find.js';
import { flag } from '../findings.js';
import { longOption } from '../options.js';
import { absolutePath, protectedTarget } from '../paths.js';
import { programName } from '../words/program.js';
import { listsWorkspaceNames } from '../operands/read-operands.js';
import type { FedText } from '../words/static-output.js';
import type { ShellContext, Span } from '../types.js';
import type { Unwrapped } from '../unwrap/unwrap.js';
import type { RawCommand } from '../walk/types.js';
import { syntheticWord, type Word } from '../words/words.js';
import { DELETERS } from './command-checks.js';
import type { State } from './state.js';

/** `--arg-file` (xargs -a): the arguments come from a file. */
export const ARG_FILE = longOption('arg-file');

/** Words xargs would append from text it reads (split on blanks), so its command is checked with them. */
export function xargsWords(fed: FedText): Word[] {
  return fed.text.split(/\s+/).filter((t) => t !== '').map((t) => ({ ...syntheticWord(t, fed.span), dynamic: fed.dynamic }));
}

/**
 * `xargs -I R CMD` runs CMD once per input line with the line where R stands: in its words, and in a shell script it
 * hands on (`xargs -I{} sh -c '{}' <<< 'rm -rf ~'` runs `rm -rf ~`).
 */
export function replaceByXargs(u: Unwrapped, r: string, fed: FedText): void {
  const lines = fed.text.split('\n').filter((l) => l.trim() !== '');
  const first = lines[0] ?? '';
  u.argv = u.argv.map((w) => (w.value.includes(r) ? { ...w, value: w.value.replaceAll(r, first), dynamic: w.dynamic || fed.dynamic } : w));
  if (u.script) u.script = { ...u.script, text: lines.map((l) => u.script!.text.replaceAll(r, l)).join('\n'), dynamic: u.script.dynamic || fed.dynamic };
}

/**
 * What a lister before xargs prints of a protected place (`find ~` all below it; `realpath ~`, `ls -d ~`, `pwd` the
 * place itself; a plain `ls` of the folder xargs runs in, every name in it, as `*` there), or null.
 */
function listedPlace(words: readonly string[], cwd: string, ctx: ShellContext): string | null {
  const lister = programName(words[0] ?? '');
  if (lister === 'find') return findSweeps(words, cwd, ctx);
  if (lister === 'pwd') return protectedTarget('.', cwd, ctx);
  const folders = lister === 'ls' && !words.some((w) => /^-[a-zA-Z]*d/.test(w)) ? words.slice(1).filter((w) => !w.startsWith('-')) : null;
  // `cd ~ && ls | xargs rm -rf`: ls prints the bare names of the folder's entries, which xargs' command finds where it runs.
  if (folders !== null) return (folders.length === 0 ? ['.'] : folders).some((f) => absolutePath(f, cwd, ctx.home) === cwd) ? protectedTarget('*', cwd, ctx) : null;
  if (!/^(realpath|grealpath|readlink)$/.test(lister) && lister !== 'ls') return null;
  for (const w of words.slice(1)) {
    const why = w.startsWith('-') ? null : protectedTarget(w, cwd, ctx);
    if (why !== null) return why;
  }
  return null;
}

/**
 * `find ~ | xargs rm -rf`, `realpath ~ | xargs rm -rf`, `ls -d / | xargs chmod -R 777`: a deleter (or a recursive
 * re-permissioner) fed what a lister prints of a protected place destroys it.
 */
export function sweptByXargs(argv: readonly string[], prev: RawCommand | undefined, cwd: string, st: State, where: Span): void {
  const words = prev?.words.map((w) => w.value) ?? [];
  const program = argv[0] ?? '';
  const reowns = /^(chmod|chown|chgrp)$/.test(programName(program)) && argv.some((w) => /^-[a-zA-Z]*R|^--recursive$/.test(w));
  if (!DELETERS.has(programName(program)) && !reowns) return;
  const why = listedPlace(words, cwd, st.ctx);
  if (why !== null) flag(st.f, 'destructive', `${programName(words[0] ?? '')} lists ${why} and xargs ${programName(program)} ${reowns ? 're-permissions' : 'deletes'} it`, where, 'hard');
}

/**
 * Whether xargs reads its names from text that may name any file: a file (`< list`) or a pipeline stage
 * that does not just list workspace files. Threat: `cat list | xargs cat`, `xargs cat < list` under `Bash(cat:*)`.
 */
export function namesFromText(raw: RawCommand, prev: RawCommand | undefined): boolean {
  if (prev) return !listsWorkspaceNames(prev.words.map((w) => w.value));
  return raw.redirects.some((r) => r.redirect.kind === 'read' && /^0?<$/.test(r.redirect.op));
}
