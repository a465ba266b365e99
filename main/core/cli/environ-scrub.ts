// The approver token must not stay readable in /proc/<pid>/environ, which any process of the same user (the agent)
// can read. `delete process.env.X` does not touch that block: it is the memory the kernel copied at exec. On Linux
// the process overwrites its own copy through /proc/self/mem; elsewhere (no /proc) there is nothing to scrub.
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** Where the initial environment block lies: fields 50 and 51 (env_start, env_end) of /proc/self/stat. */
function environBlock(): { start: number; end: number } | null {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The command name (field 2) may hold spaces: count from after its closing parenthesis, which starts at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).trim().split(' ');
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start ? { start, end } : null;
}

/**
 * Overwrites the value of `name` in this process's initial environment block (and removes it from process.env).
 * Returns true when the value is no longer readable through /proc/<pid>/environ. Read the value before calling.
 */
export function scrubEnviron(name: string): boolean {
  delete process.env[name];
  let fd: number | null = null;
  try {
    const block = environBlock();
    if (block === null) return false;
    fd = openSync('/proc/self/mem', 'r+');
    const bytes = Buffer.alloc(block.end - block.start);
    readSync(fd, bytes, 0, bytes.length, block.start);
    const key = Buffer.from(`${name}=`);
    for (let at = bytes.indexOf(key); at !== -1; at = bytes.indexOf(key, at + 1)) {
      if (at > 0 && bytes[at - 1] !== 0) continue; // only at the start of an entry
      const from = at + key.length;
      let to = from;
      while (to < bytes.length && bytes[to] !== 0) to++;
      if (to > from) writeSync(fd, Buffer.alloc(to - from, 'x'), 0, to - from, block.start + from);
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
