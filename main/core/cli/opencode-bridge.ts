// `gatehouse opencode-bridge --url URL`: answers a running `opencode serve`'s permission questions from Gatehouse
// (main/core/agents/opencode/serve-bridge.ts) until stopped (Ctrl-C, SIGTERM).
import { parseArgs } from 'node:util';
import { runOpenCodeBridge } from '../agents/opencode/serve-bridge.js';
import { resolveHome } from '../store/home.js';

const USAGE = 'usage: gatehouse opencode-bridge --url http://127.0.0.1:PORT   (a running `opencode serve`; Gatehouse answers its permission questions)';

/** The server's Basic credentials as OpenCode reads them (OPENCODE_SERVER_PASSWORD, OPENCODE_SERVER_USERNAME or "opencode"). */
function serverAuthorization(env: NodeJS.ProcessEnv): string | undefined {
  const password = env['OPENCODE_SERVER_PASSWORD'];
  if (!password) return undefined;
  return `Basic ${Buffer.from(`${env['OPENCODE_SERVER_USERNAME'] || 'opencode'}:${password}`).toString('base64')}`;
}

/** Parses the command line and runs the bridge until a signal; returns the exit code. */
export async function runOpenCodeBridgeCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const fail = (why: string) => {
    process.stderr.write(`gatehouse opencode-bridge: ${why}\n${USAGE}\n`);
    return 2;
  };
  let url: string | undefined;
  try {
    ({ values: { url } } = parseArgs({ args: argv, options: { url: { type: 'string' } }, strict: true }));
  } catch (err) {
    return fail((err as Error).message);
  }
  if (url === undefined) return fail('--url is required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail(`${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail('--url must be http:// or https://');
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const authorization = serverAuthorization(env);
  await runOpenCodeBridge({
    url: parsed.origin + parsed.pathname,
    home: resolveHome(env),
    ...(authorization ? { authorization } : {}),
    log: (line) => void process.stderr.write(`gatehouse opencode-bridge: ${line}\n`),
    signal: stop.signal,
  });
  return 0;
}
