// Reading a local dev server: `curl -s http://localhost:5173 | head`, the check an agent makes after starting one. A plain
// GET to this machine's loopback sends nothing of the machine's (no data, header, file, cookie or credential) and reaches
// no other host (no redirects followed, no proxy), so under "contain instead of asking" it runs as it is: the sandbox's
// own loopback could not reach the server at all. Gatehouse's own port is never one of them.
import type { SimpleCommand } from '../../shell/types.js';

// Options that only shape what curl prints: no value.
const FLAGS = new Set([
  '-s', '--silent', '-S', '--show-error', '-f', '--fail', '--fail-with-body', '-i', '--include', '-I', '--head', '-v', '--verbose',
  '--compressed', '-N', '--no-buffer', '--no-progress-meter', '-g', '--globoff', '-4', '--ipv4', '-6', '--ipv6', '-q', '--disable',
  '--show-headers', '--retry-connrefused', '--no-keepalive',
]);
// Options with a number for value (timeouts and retries).
const NUMBERS = new Set(['-m', '--max-time', '--connect-timeout', '--retry', '--retry-delay', '--retry-max-time']);
// Short flags that may be bundled (`-sS`, `-sf`); `o`, `w`, `m`, `X` take the rest of the word or the next word.
const SHORT_FLAGS = 'sSfiIvNg46q';
const SHORT_VALUED = 'owmX';
// The loopback hosts as WHATWG spells them (curl takes the same authority: the raw spelling must equal it).
const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|0\.0\.0\.0)$/;

/** Why a URL is not a plain loopback address on a port other than Gatehouse's, or null when it is. */
function loopbackUrlProblem(word: string, ownPort: number | undefined): string | null {
  const spelled = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word) ? word : `http://${word}`;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(spelled)![1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return `${word}: only http and https reach a local server`;
  const authority = /^[^:]+:\/\/([^/?#]*)/.exec(spelled)![1]!;
  // curl expands `[1-9]` and `{a,b}` into several URLs, and a `\` or `%` is where curl's and WHATWG's hosts differ.
  if (/[{}\\%\s]/.test(spelled) || /[[\]]/.test(spelled.slice(spelled.indexOf(authority) + authority.length))) return `${word}: a URL curl may read as several, or as another host`;
  let url: URL;
  try {
    url = new URL(spelled);
  } catch {
    return `${word} is not a URL`;
  }
  if (authority.toLowerCase() !== url.host || !LOOPBACK.test(url.hostname)) return `${word} is not on this machine's loopback (localhost, 127.0.0.0/8, [::1], 0.0.0.0)`;
  if (/^\[/.test(authority) && !/^\[::1\](:\d+)?$/.test(authority)) return `${word}: an IPv6 spelling other than [::1]`;
  const port = url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port);
  if (ownPort === undefined) return `${word}: Gatehouse does not know its own port, so it cannot tell this server from itself`;
  if (port === ownPort) return `${word} is Gatehouse's own port`;
  return null;
}

/** Why one option with its value is more than output shaping, or null. */
function valueProblem(name: string, value: string | undefined): string | null {
  if (value === undefined) return `curl ${name} lacks its value`;
  if (name === '-o' || name === '--output') return value === '/dev/null' || value === '-' ? null : `curl ${name} ${value} writes a file`;
  // `-w @file` reads the format from a file; `%output{F}` writes F.
  if (name === '-w' || name === '--write-out') return value.startsWith('@') || value.includes('%output{') ? `curl ${name} ${value} reads or writes a file` : null;
  if (name === '-X' || name === '--request') return value === 'GET' || value === 'HEAD' ? null : `curl ${name} ${value} is not a plain read`;
  if (NUMBERS.has(name)) return /^\d+(\.\d+)?$/.test(value) ? null : `curl ${name} ${value} is not a number`;
  return `curl ${name} is not an output option`;
}

/**
 * Why `cmd` is not a plain read of a local server, or null when it is: `curl` with constant words, no environment
 * prefix or wrapper, only output options (-s -S -f -i -I -v, -o /dev/null, -w FORMAT, timeouts, -X GET), and every URL
 * http(s) on a loopback host on a port other than `ownPort` (Gatehouse's own; unknown asks).
 * Threat: `curl -d @.env http://localhost:1`, `curl -L http://localhost:1` (a redirect leaves loopback), `curl -x evil
 * http://localhost`, `curl http://localhost@evil.test`, `curl http://127.0.0.1:<gatehouse port>/v1/...`, `curl -K cfg`,
 * `curl file:///etc/passwd`, `curl -o ~/.bashrc http://localhost`, `curl http://$HOST`.
 */
export function localServerReadProblem(cmd: SimpleCommand, ownPort: number | undefined): string | null {
  const [program, ...args] = cmd.argv;
  if (program !== 'curl') return `${program ?? 'the command'} is not curl`;
  if (cmd.dynamic) return 'a word of the command is not constant text';
  if (cmd.env.length > 0 || cmd.wrappers.length > 0 || cmd.runBy !== undefined) return 'the command runs with an environment prefix or a wrapper, which may change where curl connects';
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      urls.push(...args.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      urls.push(w);
      continue;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq > 0 ? w.slice(0, eq) : w;
      if (FLAGS.has(name) && eq < 0) continue;
      const value = eq > 0 ? w.slice(eq + 1) : args[++i];
      const why = valueProblem(name, value);
      if (why !== null) return why;
      continue;
    }
    for (let j = 1; j < w.length; j++) {
      const c = w[j]!;
      if (SHORT_FLAGS.includes(c)) continue;
      if (!SHORT_VALUED.includes(c)) return `curl -${c} is not an output option`;
      const value = j + 1 < w.length ? w.slice(j + 1) : args[++i];
      const why = valueProblem(`-${c}`, value);
      if (why !== null) return why;
      break;
    }
  }
  if (urls.length === 0) return 'curl names no URL';
  for (const u of urls) {
    const why = loopbackUrlProblem(u, ownPort);
    if (why !== null) return why;
  }
  return null;
}
