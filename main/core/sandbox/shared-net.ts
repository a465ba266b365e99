// A wrapped template moved into the long-lived network namespace whose relays are already listening (relay-namespace.ts):
// the library's bwrap line stays as it is, less `--unshare-net`, and the in-sandbox script that started two socat relays
// per command and polled for them (most of a contained command's start) gives way to the line it ended with.
import { shellQuote } from '../shell/words/argv.js';
import { programName } from '../shell/words/program.js';
import { quotedWords } from './quoted-words.js';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
/** What the library's relay script holds besides its last line: the two relays, their wait loop, the trap that ends them. */
const RELAY_LINE = /socat |_srt_|^trap 'rc=\$\?; kill %1 %2|^\s*done$/;

function fail(what: string): never {
  throw new Error(`the sandbox wrapped the command in a form Gatehouse does not know (${what})`);
}

/** The command the relay script ends with, as bwrap `--setenv` words for its assignments and the argv it runs. */
function finalCommand(script: string, shell: string, inner: string): { env: string[]; argv: string[] } {
  const lines = script.split('\n');
  const last = lines.pop() ?? '';
  if (!lines.every((l) => RELAY_LINE.test(l))) fail('the relay script holds more than the relays');
  const words = quotedWords(last) ?? fail('its last line');
  if (words[0] === 'eval' && words.length === 2 && words[1] === inner) return { env: [], argv: [shell, '-c', inner] };
  const env: string[] = [];
  while (words.length > 0 && ASSIGNMENT.test(words[0]!)) {
    const [, name, value] = ASSIGNMENT.exec(words.shift()!)!;
    env.push('--setenv', name!, value!);
  }
  const tail = words.slice(-3);
  if (words.length < 4 || tail[0] !== shell || tail[1] !== '-c' || tail[2] !== inner) fail('the command under its seccomp helper');
  return { env, argv: words };
}

/**
 * `template` (the library's wrap of `inner`) entered through `enter` (nsenter into the relay namespace) instead of
 * unsharing a network of its own and starting relays in it. Every other word — mounts, environment, the seccomp helper
 * and the command under it — is kept. Throws on any form it does not recognise (the contained call then asks).
 * Threat: a dropped word that was not a relay would be a protection silently lost, so only the known lines may go.
 */
export function inSharedNetwork(template: string, enter: readonly string[], inner: string): string {
  const argv = quotedWords(template) ?? fail('its quoting');
  const at = argv.findIndex((w) => programName(w) === 'bwrap');
  if (!(at === 0 || (argv[0] === '/bin/sh' && argv[3] === 'srt-args' && at === 5))) fail('where bwrap starts');
  const [sep, shell, dashC, script] = argv.slice(-4);
  if (sep !== '--' || dashC !== '-c' || shell === undefined || script === undefined) fail('the sandboxed shell');
  const relays = quotedWords(script);
  if (relays === null || relays.length !== 3 || relays[0] !== shell || relays[1] !== '-c') fail('the relay script');
  const options = argv.slice(at + 1, -4);
  const net = options.indexOf('--unshare-net');
  if (net === -1 || options.indexOf('--unshare-net', net + 1) !== -1) fail('its network namespace');
  options.splice(net, 1);
  const { env, argv: command } = finalCommand(relays[2]!, shell, inner);
  return [...argv.slice(0, at), ...enter, argv[at]!, ...options, ...env, '--', ...command].map(shellQuote).join(' ');
}
