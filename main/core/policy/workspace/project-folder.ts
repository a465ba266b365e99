// What may stand for "the workspace": a real project folder, never a place that holds the person's whole account or
// the machine's own files. The agent names its cwd, so this decides whether that cwd can be a grant's or a rule's scope
// and whether paths below it count as "inside the workspace" for the tiers.
import path from 'node:path';
import { isInside, relativeInside } from '../paths.js';

/** The person's places a workspace is judged against, each as given and resolved (the temp folders: os.tmpdir()). */
export interface FolderContext {
  homes: readonly string[];
  temps: readonly string[];
}

// Shared roots: never a project themselves, though projects live below them (`/tmp/x`, `/opt/app`, `/srv/site`).
const SHARED_ROOTS = [
  '/tmp', '/var', '/var/tmp', '/opt', '/srv', '/mnt', '/media', '/home', '/Users', '/Volumes', '/root', '/nix', '/snap',
  '/private', '/private/tmp', '/private/var', '/private/var/tmp', '/private/var/folders', '/var/folders', '/cygdrive',
];
// The machine's own files: neither these folders nor anything in them is a project (a grant there rewrites the system).
const SYSTEM = [
  '/etc', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/boot', '/proc', '/sys', '/dev', '/run',
  '/var/lib', '/var/log', '/var/run', '/var/spool', '/var/cache', '/var/db', '/System', '/Library', '/Applications',
  '/private/etc', '/private/var/db', '/private/var/run',
];

/**
 * Why `dir` cannot stand for a workspace, or null when it is a project folder. Not one: a relative path, `/`, the home
 * or a folder holding it, the temp folder or one holding it, a shared root (`/tmp`, `/opt`, `/home`), a system folder
 * or anything in it (`/etc/nginx`, `/usr/local`), and the home's own dot-folders and all below them (`~/.ssh`,
 * `~/.config/autostart`: credentials, and what runs at login).
 * Threat: an agent sends its cwd as the home or `/`; "the whole workspace" then covers `~/.bashrc` and
 * `~/.ssh/authorized_keys`, and an "always" rule scoped to `/` holds everywhere.
 */
export function projectFolderProblem(dir: string, ctx: FolderContext): string | null {
  if (!path.isAbsolute(dir) || dir.includes('\0')) return 'is not an absolute path';
  const d = path.normalize(dir).replace(/(.)\/+$/, '$1');
  if (d === '/' || /^[A-Za-z]:[\\/]?$/.test(d)) return 'is the root of the file system';
  for (const home of ctx.homes) {
    if (isInside(home, d)) return relativeInside(home, d) === '' ? 'is the home directory' : 'holds the home directory';
    const below = relativeInside(d, home);
    if (below !== null && below.startsWith('.')) return `is in ~/${below.split('/')[0]}, where credentials and settings live`;
  }
  for (const tmp of ctx.temps) if (isInside(tmp, d)) return relativeInside(tmp, d) === '' ? 'is the temporary folder' : 'holds the temporary folder';
  if (SHARED_ROOTS.some((r) => isInside(r, d) && isInside(d, r))) return 'is a shared root folder, not a project';
  if (SYSTEM.some((s) => isInside(d, s))) return 'is a system folder';
  return null;
}
