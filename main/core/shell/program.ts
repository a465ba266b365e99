// Program-name normalization: `/bin/rm`, `\rm`, `"rm"`, `r\m` all run `rm`, so rules must see `rm`.

const SYSTEM_BIN_DIRS = new Set([
  '/bin', '/sbin', '/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin',
  '/opt/homebrew/bin', '/opt/homebrew/sbin', '/snap/bin', '/run/current-system/sw/bin', '/usr/libexec',
]);

/** The bare program name of an (already unquoted) command word: its last path segment. */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
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
