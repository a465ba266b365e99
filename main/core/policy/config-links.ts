// Agent configuration that is a symbolic link: the place it leads to is that agent's configuration too, so writing
// there is judged as writing the configuration (`.claude -> ~/dotfiles/claude`, `.codex/hooks.json -> /tmp/h.json`).
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { ConfigLink } from './protected.js';

/**
 * The locations that are symbolic links (their parents' links resolved too), each with the real place it leads to;
 * a dangling link leads where it points, which a write would create. `resolve` is the probe's physical resolution.
 * Runs on every request (hundreds of locations, nearly all missing): a location below one already found missing, or
 * below a plain file, is not looked up, since the kernel could only answer it the same way (nothing there).
 */
export function configLinks(locations: readonly string[], resolve: (p: string) => string): ConfigLink[] {
  const out: ConfigLink[] = [];
  const empty = new Set<string>(); // looked up: nothing can be below it
  for (const at of new Set(locations)) {
    if (belowAny(at, empty)) continue;
    let link: boolean;
    try {
      const st = lstatSync(at, { throwIfNoEntry: false });
      if (st === undefined || (!st.isDirectory() && !st.isSymbolicLink())) empty.add(at);
      if (st === undefined) continue; // nothing there: nothing to lead elsewhere
      link = st.isSymbolicLink();
    } catch {
      empty.add(at);
      continue; // unreadable: nothing to lead elsewhere, nor below it
    }
    const real = resolve(at);
    // realpath fails on a dangling link, and the probe then keeps the name: follow the link by hand.
    const target = link && real === at ? resolve(path.resolve(path.dirname(at), readlinkSync(at))) : real;
    if (target !== at) out.push({ at, real: target });
  }
  return out;
}

/** Whether a folder above `p` is in `set`. */
function belowAny(p: string, set: ReadonlySet<string>): boolean {
  if (set.size === 0) return false;
  for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
    if (set.has(dir)) return true;
    if (path.dirname(dir) === dir) return false;
  }
}
