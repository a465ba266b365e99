// Program-name normalization: `/bin/rm`, `\rm`, `"rm"`, `r\m` all run `rm`, so rules must see `rm`.

const SYSTEM_BIN_DIRS = new Set([
  '/bin', '/sbin', '/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin',
  '/opt/homebrew/bin', '/opt/homebrew/sbin', '/snap/bin', '/run/current-system/sw/bin', '/usr/libexec',
]);

// Core tools installed with a prefix beside the system's own (Homebrew's coreutils, findutils, sed, tar …): `grm` is rm.
const GNU_PREFIXED = new Set([
  'rm', 'rmdir', 'unlink', 'shred', 'truncate', 'cp', 'mv', 'ln', 'install', 'chmod', 'chown', 'chgrp', 'dd', 'touch', 'mkdir',
  'tee', 'cat', 'head', 'tail', 'sort', 'uniq', 'cut', 'wc', 'ls', 'du', 'df', 'stat', 'env', 'timeout', 'nice', 'nohup',
  'stdbuf', 'chroot', 'date', 'od', 'base64', 'split', 'csplit', 'tac', 'nl', 'paste', 'join', 'comm', 'realpath', 'readlink',
  'find', 'xargs', 'sed', 'tar', 'awk', 'md5sum', 'sha256sum', 'sha1sum', 'sha512sum', 'mktemp', 'printenv', 'echo', 'printf',
  'basename', 'dirname', 'kill', 'sync', 'mknod', 'mkfifo', 'chcon', 'runcon', 'shuf', 'tr', 'expand', 'fold', 'pr', 'ptx',
]);

// The prefixes packagers give these tools when they install them beside the system's own: GNU's `g` (Homebrew's coreutils),
// uutils' `uu-` (Homebrew's uutils-coreutils and uutils-findutils: `uu-rm` is rm).
const TOOL_PREFIX = /^(g|uu-)(.+)$/;

/** The bare program name of an (already unquoted) command word: its last path segment, a packager's `g`/`uu-` prefix removed. */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  const name = slash < 0 ? word : word.slice(slash + 1);
  const bare = TOOL_PREFIX.exec(name)?.[2];
  return bare !== undefined && GNU_PREFIXED.has(bare) ? bare : name;
}

/**
 * True when a program word names a system binary (`git`, `/usr/bin/git`), so it may be matched by a rule's bare name.
 * Threat: an agent writes `./git` into the workspace and runs `./git status` under an allow rule for `git status`.
 */
export function isSystemProgram(word: string): boolean {
  const slash = word.lastIndexOf('/');
  if (slash < 0) return true;
  return SYSTEM_BIN_DIRS.has(word.slice(0, slash).replace(/\/+/g, '/'));
}
