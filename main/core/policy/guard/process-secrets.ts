// Another process's environment holds its secrets (the approver token of Gatehouse's server among them); the paths
// that reach it under /proc are proc-paths.ts's.

/** `ps e`, `ps -E`, `ps eww`: ps printing the environment of the processes it lists. */
export function psShowsEnvironment(argv: readonly string[]): boolean {
  if (argv[0] !== 'ps') return false;
  return argv.slice(1).some((w) => (!w.startsWith('-') && /^[a-zA-Z]*e/.test(w)) || /^-[a-zA-Z]*E/.test(w));
}
