// `gatehouse hook claude-code`: reads the hook event on stdin, prints Gatehouse's answer (or nothing), exits 0.
// Imports only the thin client: this runs before every tool call and must start as fast as node itself.
import { askGatehouse, DEFAULT_HOOK_TIMEOUT_S } from '../hook-client/client.js';
import { resolveHome } from '../store/home.js';

const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** Runs the hook; returns the exit code (0 whatever Gatehouse said, so Claude Code never reads a failure as a block). */
export async function runHook(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv[0] !== 'claude-code' || argv.length !== 1) {
    process.stderr.write('usage: gatehouse hook claude-code   (reads one Claude Code hook event on stdin)\n');
    return 1;
  }
  const stdin = await readStdin();
  const result = stdin === null
    ? { output: '', fallback: 'the hook event on stdin is larger than any real event' }
    : await askGatehouse({ stdin, home: resolveHome(env), timeoutMs: hookTimeoutMs(env) });
  // One line on stderr when there is no decision, so a person can tell why the agent asks them itself.
  if (result.fallback !== null) process.stderr.write(`gatehouse hook: no decision — ${oneLine(result.fallback)}; the agent falls back to its own prompt\n`);
  if (result.output !== '') await new Promise<void>((resolve) => process.stdout.write(result.output, () => resolve()));
  return 0;
}

/** A reason as one printable line (it may quote paths or URLs). */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
}

/** GATEHOUSE_HOOK_TIMEOUT (seconds) when it is a positive number, else just under Claude Code's limit. */
export function hookTimeoutMs(env: NodeJS.ProcessEnv): number {
  const s = Number(env.GATEHOUSE_HOOK_TIMEOUT);
  return (Number.isFinite(s) && s > 0 ? Math.min(s, DEFAULT_HOOK_TIMEOUT_S) : DEFAULT_HOOK_TIMEOUT_S) * 1000;
}

/** All of stdin as UTF-8, or null when it is larger than any real hook event. */
function readStdin(): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EVENT_BYTES) chunks.push(chunk);
    });
    process.stdin.on('end', () => resolve(size > MAX_EVENT_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(null));
  });
}
