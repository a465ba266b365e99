// Readings of a simple command that several checks of one evaluation ask for (what it reads, whether it only reads):
// worked out once per command. A SimpleCommand is not changed once the analysis has made it.

/** `read`, computed once per command object (a command dropped by its analysis is dropped from the cache too). */
export function perCommand<C extends object, T>(read: (cmd: C) => T): (cmd: C) => T {
  const known = new WeakMap<C, T>();
  return (cmd) => {
    const hit = known.get(cmd);
    if (hit !== undefined || known.has(cmd)) return hit as T;
    const value = read(cmd);
    known.set(cmd, value);
    return value;
  };
}
