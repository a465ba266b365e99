// The desktop app runs inside Electron, whose binary is not a Node.js the hook can run with: hook commands written
// from the app use the first `node` on PATH instead.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The absolute path of the first executable `node` on PATH, or null when there is none. */
export function findNodeOnPath(env: NodeJS.ProcessEnv): string | null {
  const names = process.platform === 'win32' ? ['node.exe'] : ['node'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue; // A relative PATH entry would depend on the agent's working directory.
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here.
      }
    }
  }
  return null;
}
