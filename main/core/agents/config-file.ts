// Reading and writing an agent's config file safely: never through a link that leaves the agent's folder, never a
// read-only file, never a half-written file (temp + rename, same mode).
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';

/** A config problem a person can act on; nothing was written. */
export class ConfigError extends Error {}

/** True when `path` is `root` or inside it. */
function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The file's text, or null when it does not exist. Threat: a settings file that is a symlink to somewhere else
 * (another user's file, a system file) must not be rewritten through the link.
 */
export function readConfig(path: string, root: string): string | null {
  if (!existsSync(path)) {
    try {
      if (lstatSync(path).isSymbolicLink()) throw new ConfigError(`${path} is a dangling symbolic link; remove it or point it at a file in ${root}`);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
    }
    return null;
  }
  if (lstatSync(path).isSymbolicLink()) {
    const realRoot = existsSync(root) ? realpathSync(root) : resolve(root);
    const target = realpathSync(path);
    if (!inside(realRoot, target)) throw new ConfigError(`${path} is a symbolic link to ${target}, outside ${root}; Gatehouse edits only files in the agent's own folder`);
  }
  if (!statSync(path).isFile()) throw new ConfigError(`${path} is not a regular file`);
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch {
    throw new ConfigError(`${path} is read-only (or unreadable) for this user; make it writable, or edit it by hand`);
  }
  return readFileSync(path, 'utf8');
}

/** Writes the text atomically, keeping the file's mode (0600 for a new file: settings may hold secrets). */
export function writeConfig(path: string, text: string): void {
  const real = existsSync(path) ? realpathSync(path) : path;
  mkdirSync(dirname(real), { recursive: true });
  const mode = existsSync(real) ? statSync(real).mode & 0o777 : 0o600;
  const tmp = join(dirname(real), `.${process.pid}.gatehouse.tmp`);
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, real);
}

/** Removes the file (uninstall of a file install created). */
export function removeConfig(path: string): void {
  if (existsSync(path)) unlinkSync(path);
}
