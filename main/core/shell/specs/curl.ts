// curl, from its manual: which options send local files, write files, run code or talk to another host.
import { options, program, type ProgramSpec } from './types.js';

// Options whose value may be `@file` (or `<file` for -F): the file is read and sent.
const AT_FILE = new Set(['-d', '--data', '--data-ascii', '--data-binary', '--data-urlencode', '--json', '-F', '--form', '--url-query', '-H', '--header', '-w', '--write-out', '--variable', '-b', '--cookie']);

/** @file and -T uploads, `--url` values, `-w %output{}` and URL globs, which the option table alone does not show. */
function curlExtra(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const out = { unvouched: [] as string[], reads: [] as string[], urls: [] as string[] };
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    const name = eq > 0 ? w.slice(0, eq) : /^-[a-zA-Z]$/.test(w) || w.startsWith('--') ? w : w.slice(0, 2);
    const attached = eq > 0 ? w.slice(eq + 1) : !w.startsWith('--') && w.length > 2 && w.startsWith('-') ? w.slice(2) : undefined;
    const value = attached ?? argv[i + 1];
    if (name === '--url' && value !== undefined) out.urls.push(value);
    // `--data-urlencode name@file` and `--url-query name@file` read the file too.
    const named = (name === '--data-urlencode' || name === '--url-query') && value !== undefined && /^[^=]*@/.test(value);
    if (AT_FILE.has(name) && value !== undefined && (named || /(^|=)[@<]/.test(value))) out.unvouched.push(`${name} ${value} sends or reads a local file`);
    if ((name === '-b' || name === '--cookie') && value !== undefined && !value.includes('=')) out.unvouched.push(`${name} ${value} reads a cookie file`);
    if ((name === '-T' || name === '--upload-file') && value !== undefined) out.unvouched.push(`${name} ${value} uploads a local file`);
    // `-w '%output{FILE}…'` writes the report to a file.
    if ((name === '-w' || name === '--write-out') && value !== undefined && value.includes('%output{')) out.unvouched.push(`${name} ${value} writes a file`);
  }
  // Without -g, `[1-100]` and `{a,b}` in a URL make many requests, and may spell hosts no rule names.
  const globoff = argv.some((w, i) => i >= from && (w === '-g' || w === '--globoff' || /^-[a-zA-Z]*g[a-zA-Z]*$/.test(w)));
  const glob = globoff ? undefined : argv.slice(from).find((w) => /^[A-Za-z][A-Za-z0-9+.-]*:\/\/.*[[{]/.test(w));
  if (glob !== undefined) out.unvouched.push(`${glob}: curl expands [ ] and { } in a URL into several requests`);
  return out;
}

/** curl's spec. */
export const CURL: ProgramSpec = program(options({
  H: '-s --silent -S --show-error -f --fail --fail-with-body --fail-early -i --include -I --head -v --verbose -G --get --compressed --compressed-ssh -N --no-buffer -# --progress-bar --no-progress-meter -g --globoff -4 --ipv4 -6 --ipv6 --http1.0 --http1.1 --http2 --http2-prior-knowledge --http3 --http3-only -j --junk-session-cookies -l --list-only -n --netrc-optional -q --disable -Z --parallel --parallel-immediate --path-as-is --raw --tr-encoding -h --help -V --version --styled-output --no-styled-output --show-headers --no-keepalive --tcp-nodelay --no-sessionid --fail-with-body --globoff --retry-all-errors --retry-connrefused --ssl --ssl-reqd --tlsv1.2 --tlsv1.3 --ca-native --remove-on-error -0 --http1.0',
  H1: '-X --request -H --header -A --user-agent -e --referer -u --user -m --max-time --connect-timeout --retry --retry-delay --retry-max-time -r --range -d --data --data-ascii --data-binary --data-raw --data-urlencode --json -F --form --form-string --url-query -w --write-out -b --cookie -z --time-cond -y --speed-time -Y --speed-limit --limit-rate --max-filesize --max-redirs --parallel-max --expect100-timeout --keepalive-time --oauth2-bearer --request-target -C --continue-at --url --tls-max --ciphers --aws-sigv4 --happy-eyeballs-timeout-ms --rate -T --upload-file',
  R1: '--cacert --capath --cert -E --key --netrc-file --trace-config',
  W1: '-o --output --output-dir -D --dump-header -c --cookie-jar --trace --trace-ascii --libcurl --stderr --etag-save --hsts --alt-svc',
  W: '-O --remote-name --remote-name-all -J --remote-header-name --create-dirs',
  X1: '-K --config',
  // `--variable %NAME` imports an environment variable into the request.
  E1: '--variable',
  N: '-L --location --location-trusted -k --insecure --proxy-insecure -p --proxytunnel --doh-insecure',
  N1: '-x --proxy --preproxy --socks4 --socks4a --socks5 --socks5-hostname --resolve --connect-to --doh-url --interface --dns-servers -U --proxy-user',
}), ['url'], { extra: curlExtra });
