// `gatehouse serve [--port N] [--home DIR] [--approver-token-stdin]`: the headless core with the web UI, found by
// hooks via endpoint.json. Press Enter in its terminal for a new one-time sign-in link.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Core, createCore } from '../core.js';
import { ContainmentHost } from '../sandbox/host.js';
import { networkQuestion } from '../sandbox/network-question.js';
import { publishEndpoint, withdrawEndpoint } from '../endpoint/publish.js';
import { rememberedPort, rememberPort } from '../endpoint/remembered-port.js';
import { warmUpPolicy } from '../policy/warm-up.js';
import { newSecret } from '../server/auth.js';
import { startServer } from '../server/server.js';
import { resolveHome } from '../store/home.js';
import { scrubEnviron } from './environ-scrub.js';

/** Parses the flags, starts core + server, writes endpoint.json, prints the URLs; returns once listening. */
export async function runServe(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let flags: { port?: string; home?: string; 'approver-token-stdin'?: boolean };
  try {
    flags = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, home: { type: 'string' }, 'approver-token-stdin': { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`gatehouse serve: ${(err as Error).message}\nusage: ${USAGE}\n`);
    return 2;
  }
  const port = flags.port === undefined ? -1 : Number(flags.port);
  if (flags.port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    process.stderr.write(`gatehouse serve: --port must be a whole number from 0 to 65535, got ${JSON.stringify(flags.port)}\n`);
    return 2;
  }
  const home = resolve(flags.home ?? resolveHome(env));
  let core: Core;
  // The OS sandbox lives as long as this process: the commands it wraps reach its proxies after the hook answered.
  const containment = new ContainmentHost();
  try {
    core = await createCore({ home, containment });
  } catch (err) {
    // Another instance on this home, or a damaged database: say so and change nothing.
    process.stderr.write(`gatehouse serve: ${(err as Error).message}\n`);
    return 1;
  }
  const agentToken = newSecret();
  const approverToken = await approverTokenFrom(flags['approver-token-stdin'] === true, env);
  const staticDir = rendererDir();
  let server;
  const listen = (on: number) => startServer(core, { port: on, agentToken, ...(approverToken ? { approverToken } : {}), ...(staticDir ? { staticDir } : {}) });
  // Without --port: last time's port, or any free one when something else holds it now.
  const wanted = port === -1 ? rememberedPort(home) : port;
  try {
    try {
      server = await listen(wanted);
    } catch (err) {
      if (port !== -1 || wanted === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      server = await listen(0);
      process.stdout.write(`Port ${wanted}, where this home's Gatehouse ran last time, is taken by another program: serving on a new port.\n`);
    }
  } catch (err) {
    await core.close();
    process.stderr.write(`gatehouse serve: ${(err as Error).message}\n`);
    return 1;
  }
  if (port === -1) rememberPort(home, server.port);
  const sandbox = await containment.start(networkQuestion(() => core), (requestId, refusal) => core.refused(requestId, refusal));
  if (!sandbox.ready) process.stdout.write(`Contained commands are asked instead: ${sandbox.why} (run \`gatehouse doctor\`).\n`);
  publishEndpoint(home, server.endpoint);
  void warmUpPolicy(homedir(), home);
  process.stdout.write(`Gatehouse serving on ${server.url} (home ${home})\n`);
  if (!staticDir) process.stdout.write('The web UI is not built (run `npm run build`); the HTTP API is available.\n');
  process.stdout.write(`Login URL (one-time, valid 10 minutes): ${server.loginUrl()}\n`);
  // A lost or used link needs no restart (which would cancel what waits): the person presses Enter here. The agent
  // cannot type into this terminal nor read what it prints, so it gains nothing from asking for links.
  if (process.stdin.isTTY) {
    process.stdout.write('Press Enter here for a new sign-in link.\n');
    process.stdin.setEncoding('utf8').on('data', () => process.stdout.write(`Login URL (one-time, valid 10 minutes): ${server.loginUrl()}\n`));
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    withdrawEndpoint(home);
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

const USAGE = 'gatehouse serve [--port N] [--home DIR] [--approver-token-stdin]';

/**
 * The approver bearer token for scripts: the first line of stdin with --approver-token-stdin, else
 * GATEHOUSE_APPROVER_TOKEN — which is then scrubbed from this process's /proc/<pid>/environ (environ-scrub.ts).
 */
async function approverTokenFrom(fromStdin: boolean, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (fromStdin) return (await firstLine(process.stdin)) || undefined;
  const token = env.GATEHOUSE_APPROVER_TOKEN || undefined;
  if (token !== undefined && env === process.env && !scrubEnviron('GATEHOUSE_APPROVER_TOKEN') && process.platform === 'linux') {
    process.stderr.write('gatehouse serve: could not clear GATEHOUSE_APPROVER_TOKEN from /proc/self/environ; prefer --approver-token-stdin\n');
  }
  return token;
}

/** The first line of a stream (the rest stays unread). */
function firstLine(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((done) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const nl = text.indexOf('\n');
      if (nl !== -1) finish(text.slice(0, nl));
    };
    const finish = (line: string): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.pause();
      done(line.trim());
    };
    const onEnd = (): void => finish(text);
    stream.on('data', onData);
    stream.once('end', onEnd);
  });
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
