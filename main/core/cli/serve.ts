// `gatehouse serve [--port N] [--home DIR]`: the headless core with the web UI, found by hooks via endpoint.json.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from '../core.js';
import { removeEndpoint, writeEndpoint } from '../endpoint/endpoint.js';
import { newSecret } from '../server/auth.js';
import { startServer } from '../server/server.js';
import { resolveHome } from '../store/home.js';

/** Parses the flags, starts core + server, writes endpoint.json, prints the URLs; returns once listening. */
export async function runServe(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let flags: { port?: string; home?: string };
  try {
    flags = parseArgs({ args: argv, options: { port: { type: 'string' }, home: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    process.stderr.write(`gatehouse serve: ${(err as Error).message}\nusage: gatehouse serve [--port N] [--home DIR]\n`);
    return 2;
  }
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`gatehouse serve: --port must be a whole number from 0 to 65535, got ${JSON.stringify(flags.port)}\n`);
    return 2;
  }
  const home = resolve(flags.home ?? resolveHome(env));
  const core = await createCore({ home });
  const agentToken = newSecret();
  const approverToken = env.GATEHOUSE_APPROVER_TOKEN || undefined;
  const staticDir = rendererDir();
  let server;
  try {
    server = await startServer(core, { port, agentToken, ...(approverToken ? { approverToken } : {}), ...(staticDir ? { staticDir } : {}) });
  } catch (err) {
    await core.close();
    process.stderr.write(`gatehouse serve: ${(err as Error).message}\n`);
    return 1;
  }
  writeEndpoint(home, { url: server.url, token: agentToken, pid: process.pid, key: server.publicKey });
  process.stdout.write(`Gatehouse serving on ${server.url} (home ${home})\n`);
  if (!staticDir) process.stdout.write('The web UI is not built (run `npm run build`); the HTTP API is available.\n');
  process.stdout.write(`Login URL (one-time, valid 10 minutes): ${server.loginUrl()}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    removeEndpoint(home);
    // Stop accepting first, then end the waiters (they answer "no decision"), then let the answers flush.
    const closing = server.close();
    await core.close();
    await closing;
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  return 0;
}

/** dist/renderer of this package (whether running from dist/ or from the sources), when it has been built. */
function rendererDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) {
      const built = join(dir, 'dist', 'renderer');
      return existsSync(join(built, 'index.html')) ? built : undefined;
    }
    dir = dirname(dir);
  }
  return undefined;
}
