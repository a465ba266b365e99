// Build files and package scripts fed at run time (issue 24 §3): a makefile or Dockerfile read from stdin, a makefile the
// command line wrote, a package script or git alias set in the same command. Their shell code is read for what must be
// denied when the command fixes its text; a build file on stdin whose text is only known at run time asks.
import { block } from '../findings.js';
import { isStdinPath } from '../paths.js';
import type { CheckInput } from './context.js';

// The makefile (or Dockerfile) options: `-f FILE`, `-fFILE`, `--file=FILE`, `--makefile=FILE`.
const FILE_OPTION = /^(?:-f|--file|--makefile)$/;
const FILE_ATTACHED = /^(?:-f|--file=|--makefile=)(.+)$/s;

/** Whether a file word is stdin: `-`, `/dev/stdin`, `/dev/fd/0`. */
function isStdin(word: string): boolean {
  return word === '-' || isStdinPath(word);
}

/** Whether the build program reads its build file from stdin (`make -f-`, `docker build -f - .`, `--file=/dev/stdin`). */
export function buildFileOnStdin(argv: readonly string[]): boolean {
  return argv.some((w, i) => {
    const attached = FILE_ATTACHED.exec(w)?.[1];
    if (attached !== undefined && !w.startsWith('-f-') ? isStdin(attached) : w === '-f-') return true;
    // The parser drops a lone `-` before a heredoc (`make -f - <<EOF`): a `-f` with no value there reads stdin too.
    return FILE_OPTION.test(w) && isStdin(argv[i + 1] ?? '-');
  });
}

/** Whether a build file word is a process substitution (`make -f <(…)`): bash hands over a file holding what it prints. */
export function buildFileSubstituted(argv: readonly string[]): boolean {
  return argv.some((w, i) => (FILE_OPTION.test(w) && (argv[i + 1] ?? '').startsWith('<(')) || (FILE_ATTACHED.exec(w)?.[1] ?? '').startsWith('<('));
}

/**
 * The shell code a makefile runs: its recipe lines (a tab first, `@`, `-`, `+` dropped), the recipe after `target: ;`,
 * and each `$(shell …)` it expands while it is read.
 */
export function makefileRecipes(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) out.push(line.slice(1).replace(/^[@+-]+/, ''));
    else {
      const inline = /^[^#=\t][^=;]*?:[^=;]*;(.*)$/.exec(line)?.[1];
      if (inline !== undefined) out.push(inline.replace(/^\s*[@+-]+/, ''));
    }
    for (const m of line.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g)) out.push(m[1]!);
  }
  return out.filter((l) => l.trim() !== '');
}

/** The shell code of a Dockerfile's `RUN` instructions in shell form (line continuations joined). */
function dockerfileRuns(text: string): string[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return [...joined.matchAll(/^\s*RUN\s+(?:--\S+\s+)*(?!\[)(.+)$/gim)].map((m) => m[1]!);
}

const MAKES = /^g?make$/;
const IMAGE_BUILDERS = /^(docker|podman|buildah|nerdctl)$/;
const PACKAGE_MANAGERS = /^(npm|pnpm|yarn|bun)$/;

/** The shell code a program runs from a build file this command line wrote with `text` (a makefile's recipes), or null if it is not a build program. */
export function writtenBuildScripts(program: string, text: string): string[] | null {
  return MAKES.test(program) ? makefileRecipes(text) : null;
}

/**
 * Package scripts set now and run later by name (`npm pkg set scripts.x='rm -rf ~'`, `npm set-script x CMD`,
 * `npm pkg set scripts='{"x":"…"}' --json`).
 */
function packageScripts(argv: readonly string[]): string[] {
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  if (words[0] === 'set-script') return words.slice(2, 3);
  if (words[0] !== 'pkg' || words[1] !== 'set') return [];
  return words.slice(2).flatMap((w) => {
    const one = /^scripts(?:\.|\[)[^=]*=([\s\S]*)$/.exec(w)?.[1];
    if (one !== undefined) return [one];
    const all = /^scripts=([\s\S]*)$/.exec(w)?.[1];
    if (all === undefined) return [];
    try {
      const parsed: unknown = JSON.parse(all);
      return typeof parsed === 'object' && parsed !== null ? Object.values(parsed).map(String) : [all];
    } catch {
      return [all];
    }
  });
}

/**
 * Hands the shell code of build files and package scripts fed in this command back for analysis (only denials count
 * there); a build file on stdin whose text is not fixed asks.
 * Threat: `make -f- <<EOF … rm -rf ~`, `docker build -f- . <<EOF`, `npm pkg set scripts.x='rm -rf ~' && npm run x`.
 */
export function checkBuildFiles(c: CheckInput): void {
  const argv = c.cmd.argv;
  const name = argv[0] ?? '';
  for (const text of packageScripts(PACKAGE_MANAGERS.test(name) ? argv : [])) c.scripts.push({ text, via: `${name} script` });
  const make = MAKES.test(name);
  const sub = argv.find((w, i) => i > 0 && !w.startsWith('-')) ?? '';
  const image = IMAGE_BUILDERS.test(name) && /^(build|buildx|bud|image)$/.test(sub);
  // A compose file runs the commands, builds and mounts it names; Gatehouse does not read one it is not given as a file.
  const compose = /^(docker|podman|nerdctl)-compose$/.test(name) || (IMAGE_BUILDERS.test(name) && sub === 'compose');
  if (!make && !image && !compose) return;
  const what = make ? 'makefile' : compose ? 'compose file' : 'Dockerfile';
  // `make -f <(printf …)`: a build file handed over as a process substitution is only known at run time.
  if (buildFileSubstituted(argv)) return block(c.f, `${name} reads its ${what} from a process substitution, whose text is only known at run time`, c.cmd.span);
  if (compose) {
    if (buildFileOnStdin(argv)) block(c.f, `${name} reads its compose file from stdin: the commands, builds and mounts it names are not read`, c.cmd.span);
    return;
  }
  // `docker build - < Dockerfile` reads the Dockerfile itself as the context from stdin.
  const onStdin = buildFileOnStdin(argv) || (image && argv.slice(2).includes('-'));
  if (!onStdin) return;
  if (c.stdinText === undefined) block(c.f, `${name} reads its ${make ? 'makefile' : 'Dockerfile'} from stdin, whose text is only known at run time`, c.cmd.span);
  // A makefile's recipes are handed-commands.ts' to hand on.
  else if (image) for (const text of dockerfileRuns(c.stdinText)) c.scripts.push({ text, via: name });
}
