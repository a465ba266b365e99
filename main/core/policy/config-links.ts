// Agent configuration that is a symbolic link: the place it leads to is that agent's configuration too, so writing
// there is judged as writing the configuration (`.claude -> ~/dotfiles/claude`, `.codex/hooks.json -> /tmp/h.json`).
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { ConfigLink } from './protected.js';

/**
 * The locations that are symbolic links (their parents' links resolved too), each with the real place it leads to;
 * a dangling link leads where it points, which a write would create. `resolve` is the probe's physical resolution.
 */
export function configLinks(locations: readonly string[], resolve: (p: string) => string): ConfigLink[] {
  const out: ConfigLink[] = [];
  for (const at of new Set(locations)) {
    let link: boolean;
    try {
      link = lstatSync(at).isSymbolicLink();
    } catch {
      continue; // nothing there (or unreadable): nothing to lead elsewhere
    }
    const real = resolve(at);
    // realpath fails on a dangling link, and the probe then keeps the name: follow the link by hand.
    const target = link && real === at ? resolve(path.resolve(path.dirname(at), readlinkSync(at))) : real;
    if (target !== at) out.push({ at, real: target });
  }
  return out;
}
