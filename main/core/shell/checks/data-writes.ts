// Writers whose file names come from their input, not the command line: archive extractors and patch appliers. What they
// write (`.claude/settings.json`, `.git/hooks/pre-commit`, `~/.bashrc`) is in the archive or patch, which no rule sees.
import { flag } from '../findings.js';
import type { CheckInput } from './context.js';

/** Whether options of a cluster-style program include one of `letters` (`-qql`, `-l`). */
function hasShort(args: readonly string[], letters: RegExp): boolean {
  return args.some((a) => /^-[a-zA-Z]+$/.test(a) && letters.test(a.slice(1)));
}

// Each program's reading: null when it only lists, tests or prints to stdout.
const WRITERS: Record<string, (args: readonly string[]) => string | null> = {
  // `unzip -l/-v/-t/-p/-c/-z/-Z` list, test or print; anything else extracts.
  unzip: (args) => (hasShort(args, /[lvtpczZ]/) ? null : 'the archive'),
  // 7-Zip's `x` and `e` commands extract.
  '7z': (args) => (/^[xe]$/.test(args[0] ?? '') ? 'the archive' : null),
  // `cpio -i` copies in (extracts) unless it only lists (`-t`).
  cpio: (args) => ((hasShort(args, /i/) || args.includes('--extract')) && !hasShort(args, /t/) && !args.includes('--list') ? 'the archive' : null),
  unrar: (args) => (/^[xe]$/.test(args[0] ?? '') ? 'the archive' : null),
  // patch writes every file the patch names, unless it only checks.
  patch: (args) => (args.some((a) => a === '--dry-run' || a === '-C' || a === '--check') ? null : 'the patch'),
  // `git apply` applies unless it only reports (`--check`, `--stat`, `--numstat`, `--summary` without `--apply`); `git am` always does.
  'git apply': (args) => (args.some((a) => /^--(check|stat|numstat|summary)$/.test(a)) && !args.includes('--apply') ? null : 'the patch'),
  'git am': (args) => (args.some((a) => /^--(abort|quit|show-current-patch)/.test(a)) ? null : 'the patches'),
};
WRITERS['7za'] = WRITERS['7zz'] = WRITERS['7zr'] = WRITERS['7z']!;
WRITERS['gpatch'] = WRITERS['patch']!;
WRITERS['unar'] = (args) => (hasShort(args, /l/) ? null : 'the archive');

/** Programs this check reads by name (git's subcommands reach it through checks/git.ts). */
export const DATA_WRITERS = new Set(Object.keys(WRITERS).filter((k) => !k.includes(' ')));

/**
 * What `program` writes that its input names (`'the archive'`), or null when it only lists or checks. `args` follow the
 * program word (for git, the subcommand word). Threat: `printf '+++ .claude/settings.json…' > p; patch -p0 < p`,
 * `unzip -o a.zip -d ~` under a blanket Bash rule, which vouches only for files the command line names.
 */
export function dataNamedWrite(program: string, args: readonly string[]): string | null {
  return WRITERS[program]?.(args) ?? null;
}

/** Flags an extractor or patch applier: the files it writes are asked about, as `tar -x` is. */
export function checkDataWrites(c: CheckInput, program: string, args: readonly string[]): void {
  const source = dataNamedWrite(program, args);
  if (source !== null) flag(c.f, 'writes-file', `${program} writes the files ${source} names, which the command line does not show`, c.cmd.span);
}
