// Where Gatehouse keeps its database, settings and endpoint.json: the same folder for the desktop app and the CLI.
import { join, posix, win32 } from 'node:path';

/** File name of the store inside GATEHOUSE_HOME. */
export const DB_FILE = 'gatehouse.db';

/**
 * GATEHOUSE_HOME if set, else the per-user app data folder Electron's `app.getPath('userData')` uses for an app
 * named "Gatehouse": Linux `$XDG_CONFIG_HOME|~/.config/Gatehouse`, macOS `~/Library/Application Support/Gatehouse`,
 * Windows `%APPDATA%\Gatehouse`. The user's home folder is `$HOME` off Windows, as node's os.homedir() reads it; node:os
 * is loaded only without one (the hook, which runs before every tool call, should not load it for nothing).
 */
export function resolveHome(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, userHome?: string): string {
  const path = platform === 'win32' ? win32 : posix;
  const explicit = env.GATEHOUSE_HOME?.trim();
  if (explicit) return path.resolve(explicit);
  const home = userHome ?? (platform !== 'win32' && env.HOME ? env.HOME : process.getBuiltinModule('node:os').homedir());
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Gatehouse');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Gatehouse');
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(config, 'Gatehouse');
}

/** The home a hook or proxy looks in: the `--home` it was given, else its environment's. */
export function homeNamed(named: string | null | undefined, env: NodeJS.ProcessEnv): string {
  return resolveHome(named ? { ...env, GATEHOUSE_HOME: named } : env);
}

/** The home to name in an installed hook command (`--home`): null when it is the one the hook finds by default. */
export function homeToRecord(home: string, env: NodeJS.ProcessEnv): string | null {
  return home === resolveHome({ ...env, GATEHOUSE_HOME: '' }) ? null : home;
}

/** The database file inside a home folder. */
export function dbPathIn(home: string): string {
  return join(home, DB_FILE);
}
