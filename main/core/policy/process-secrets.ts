// Another process's environment holds its secrets (the approver token of Gatehouse's server among them).

// `/proc/<pid>/environ`, `/proc/<pid>/task/<tid>/environ`, and globs or expansions in the pid place; `self` is the reader's own.
const PROC_ENVIRON = /\/proc\/+(?!(?:self|thread-self)\/+environ\b)(?:[^/\n]|\$\([^)\n]*\)){1,80}?\/+(?:task\/+[^/\s'"]+\/+)?environ\b/;

/**
 * Why a command text or path reads another process's environment, or null.
 * Threat: `cat /proc/$(pgrep -f gatehouse)/environ`, `strings /proc/*\/environ`, `xargs -0 < /proc/4242/environ`
 * show the running Gatehouse's approver token to the agent.
 */
export function readsProcessEnvironment(text: string): string | null {
  const m = PROC_ENVIRON.exec(text);
  return m ? `${m[0]} is another process's environment, which holds its secrets (Gatehouse's approver token among them)` : null;
}

/** `ps e`, `ps -E`, `ps eww`: ps printing the environment of the processes it lists. */
export function psShowsEnvironment(argv: readonly string[]): boolean {
  if (argv[0] !== 'ps') return false;
  return argv.slice(1).some((w) => (!w.startsWith('-') && /^[a-zA-Z]*e/.test(w)) || /^-[a-zA-Z]*E/.test(w));
}
