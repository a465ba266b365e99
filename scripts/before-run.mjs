// What `npm run serve` and `npm start` do before they build: a second Gatehouse on a home that one already holds
// would be refused at start anyway — but only after the build had cleared the dist/ the running one loads its UI
// and modules from. So the lock is tried first, then the build runs only when an input changed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The value of `--home DIR` / `--home=DIR` in argv, or undefined. */
export function homeFlag(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--home') return argv[i + 1];
    if (argv[i].startsWith('--home=')) return argv[i].slice('--home='.length);
  }
  return undefined;
}

/**
 * Null when no live Gatehouse holds the home this run would use, else why not (the instance lock itself is tried
 * and released, as the starting instance will take it). Without a build there is no running instance of it to
 * protect, and nothing to ask with: null.
 */
export async function heldBy(root, argv, env = process.env) {
  const lockModule = join(root, 'dist', 'main', 'core', 'store', 'instance-lock.js');
  const homeModule = join(root, 'dist', 'main', 'core', 'store', 'home.js');
  if (!existsSync(lockModule) || !existsSync(homeModule)) return null;
  const { acquireInstanceLock, InstanceLockedError } = await import(pathToFileURL(lockModule).href);
  const { resolveHome } = await import(pathToFileURL(homeModule).href);
  const flag = homeFlag(argv);
  const home = resolve(flag ?? resolveHome(env));
  try {
    acquireInstanceLock(home).release();
    return null;
  } catch (err) {
    if (err instanceof InstanceLockedError) return err.message;
    throw err;
  }
}

/** Refuses (exit 1, nothing built) when the home is held; else builds unless dist/ is current. */
export async function beforeRun(name, root, argv) {
  const held = await heldBy(root, argv);
  if (held) {
    console.error(`gatehouse ${name}: ${held}`);
    process.exit(1);
  }
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}
