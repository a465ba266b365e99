// Where the running Gatehouse program is installed: the folder holding its package.json, found from this module's own file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string | null {
  let dir: string;
  try {
    dir = path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return null; // bundled without a module URL: the name-based guard still stands
  }
  for (let i = 0; i < 8; i++) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'gatehouse' ? dir : null;
      } catch {
        return null; // unreadable manifest: not known to be ours
      }
    }
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return null;
}

/**
 * The installed program's root folder (its dist/, bin/, node_modules and package.json), or null when it cannot be told.
 * Threat: `mv /opt/gatehouse x`, `echo … > /opt/gatehouse/dist/main/server/app.js` switch the guard off or rewrite it.
 */
export const OWN_INSTALL: string | null = findRoot();
