// Where the running Gatehouse program lives: a contained command must not rewrite the guard it runs under.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/** The folder of Gatehouse's package.json (the built program and its dependencies), found once. */
export function gatehouseProgramDir(): string {
  if (found !== undefined) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  found = dir;
  return dir;
}
