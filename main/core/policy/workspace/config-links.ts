// Agent configuration that is a symbolic link: the place it leads to is that agent's configuration too, so writing
// there is judged as writing the configuration (`.claude -> ~/dotfiles/claude`, `.codex/hooks.json -> /tmp/h.json`).
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { ConfigLink } from '../guard/protected.js';

/**
 * The locations that are symbolic links (their parents' links resolved too), each with the real place it leads to;
 * a dangling link leads where it points, which a write would create. `resolve` is the probe's physical resolution;
 * `absent` collects the locations found to hold nothing.
 * Runs on every request (hundreds of locations, nearly all missing): a location below one already found missing, or
 * below a plain file, is not looked up, since the kernel could only answer it the same way (nothing there).
 */
export function configLinks(locations: readonly string[], resolve: (p: string) => string, absent?: Set<string>): ConfigLink[] {
  const { at: places, above } = planOf(locations);
  const out: ConfigLink[] = [];
  const empty = new Uint8Array(places.length); // looked up: nothing can be below it
  for (let i = 0; i < places.length; i++) {
    const at = places[i]!;
    if (above[i]!.some((j) => empty[j] === 1)) {
      absent?.add(at);
      continue;
    }
    let link: boolean;
    try {
      const st = lstatSync(at, { throwIfNoEntry: false });
      if (st === undefined || (!st.isDirectory() && !st.isSymbolicLink())) empty[i] = 1;
      if (st === undefined) {
        absent?.add(at);
        continue; // nothing there: nothing to lead elsewhere
      }
      link = st.isSymbolicLink();
    } catch {
      empty[i] = 1;
      continue; // unreadable: nothing to lead elsewhere, nor below it
    }
    const real = resolve(at);
    // realpath fails on a dangling link, and the probe then keeps the name: follow the link by hand.
    const target = link && real === at ? resolve(path.resolve(path.dirname(at), readlinkSync(at))) : real;
    if (target !== at) out.push({ at, real: target });
  }
  return out;
}

/** The locations once each, and for each the earlier ones that are folders above it (looked up first). */
interface Plan {
  at: readonly string[];
  above: ReadonlyArray<readonly number[]>;
}

// The locations come from configLocations, the same frozen list while the workspace is the same: planned once.
const plans = new WeakMap<readonly string[], Plan>();

function planOf(locations: readonly string[]): Plan {
  let plan = plans.get(locations);
  if (plan !== undefined) return plan;
  const at = [...new Set(locations)];
  const index = new Map(at.map((p, i) => [p, i]));
  const above = at.map((p, i) => {
    const found: number[] = [];
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      const j = index.get(dir);
      if (j !== undefined && j < i) found.push(j);
      if (path.dirname(dir) === dir) return found;
    }
  });
  plan = { at, above };
  plans.set(locations, plan);
  return plan;
}
