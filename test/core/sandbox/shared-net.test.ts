// The library's wrapped command moved into the shared relay namespace: read back word by word, only its relay lines
// dropped, everything else (mounts, environment, the seccomp helper, the command under it) kept, and any form it does
// not know refused rather than guessed at.
import { describe, expect, it } from 'vitest';
import { quotedWords } from '../../../main/core/sandbox/quoted-words.js';
import { inSharedNetwork } from '../../../main/core/sandbox/shared-net.js';

/** The library's quoting (its utils/shell-quote.js): bare words, else single quotes with `'"'"'` for a quote. */
function quote(args: string[]): string {
  return args.map((a) => (a !== '' && /^[A-Za-z0-9_./:@+,-][A-Za-z0-9_./:=@+,-]*$/.test(a) ? a : `'${a.replace(/'/g, `'"'"'`)}'`)).join(' ');
}

const INNER = 'unset NO_PROXY no_proxy; eval "$GATEHOUSE_CONTAINED_COMMAND"';
const SHELL = '/usr/bin/bash';
const SECCOMP = '/opt/srt/vendor/seccomp/x64/apply-seccomp';
const ENTER = ['/usr/bin/nsenter', '--user', '--net', '--preserve-credentials', '-t', '4242'];
const RELAYS = [
  "{ socat TCP6-LISTEN:3128,ipv6only=0,fork,reuseaddr,backlog=4096 UNIX-CONNECT:/tmp/h.sock || exec socat TCP4-LISTEN:3128,fork,reuseaddr,backlog=4096 UNIX-CONNECT:/tmp/h.sock; } >/dev/null 2>&1 &",
  '_srt_http=$!',
  "{ socat TCP6-LISTEN:1080,ipv6only=0,fork,reuseaddr,backlog=4096 UNIX-CONNECT:/tmp/h.sock || exec socat TCP4-LISTEN:1080,fork,reuseaddr,backlog=4096 UNIX-CONNECT:/tmp/h.sock; } >/dev/null 2>&1 &",
  '_srt_socks=$!',
  "trap 'rc=$?; kill %1 %2 2>/dev/null; exit $rc' EXIT",
  '_srt_since=',
  'while [ -r /proc/net/sockstat ] && kill -0 "$_srt_http" "$_srt_socks" 2>/dev/null; do',
  '  _srt_up=0',
  '  [ "$_srt_up" -lt 2 ] || break',
  'done',
  'unset _srt_since _srt_now _srt_up _srt_counts _srt_kind _srt_skip _srt_inuse _srt_http _srt_socks',
];
const SECCOMP_LINE = `SRT_ALLOW_NESTED_USERNS=0 ${quote([SECCOMP])} ${quote([SHELL, '-c', INNER])}`;
const MOUNTS = ['--ro-bind', '/', '/', '--bind', '/work/ws', '/work/ws', '--ro-bind', '/dev/null', '/work/ws/.env', '--dev', '/dev'];

/** A template as the library writes it: bwrap, its options, then the relay script run by the shell. */
function template(o: { options?: string[]; lines?: string[]; last?: string; prefix?: string[] } = {}): string {
  const options = o.options ?? ['--new-session', '--die-with-parent', '--setenv', 'HTTP_PROXY', 'http://srt.ID:pw@localhost:3128', '--unshare-net', ...MOUNTS, '--unshare-pid', '--unshare-user', '--unsetenv', 'SRT_ALLOW_NESTED_USERNS'];
  const script = [...(o.lines ?? RELAYS), o.last ?? SECCOMP_LINE].join('\n');
  return quote([...(o.prefix ?? []), 'bwrap', ...options, '--', SHELL, '-c', `${SHELL} -c ${quote([script])}`]);
}

describe('quotedWords', () => {
  it.each([
    ['bwrap --bind /a /a', ['bwrap', '--bind', '/a', '/a']],
    [`'a b' 'it'"'"'s' ''`, ['a b', "it's", '']],
    [`x'y z'w`, ['xy zw']],
    [`'$HOME; rm -rf ~'`, ['$HOME; rm -rf ~']],
  ])('%s', (line, words) => {
    expect(quotedWords(line)).toEqual(words);
  });

  it.each(['a $HOME', 'a; rm -rf ~', 'a  b', 'a ', "'open", 'a|b', 'a\nb', '`id`', 'a "b"'])('%j is not the library’s quoting', (line) => {
    expect(quotedWords(line)).toBeNull();
  });
});

describe('inSharedNetwork', () => {
  it('enters the namespace, drops --unshare-net and the relay script, keeps every other word', () => {
    const words = quotedWords(inSharedNetwork(template(), ENTER, INNER))!;
    expect(words.slice(0, ENTER.length + 1)).toEqual([...ENTER, 'bwrap']);
    expect(words).not.toContain('--unshare-net');
    expect(words.join(' ')).not.toContain('socat');
    expect(words.join(' ')).toContain(MOUNTS.join(' '));
    expect(words).toContain('http://srt.ID:pw@localhost:3128');
    // The helper's variable is set after the inherited one is unset, and the command runs under the seccomp helper.
    expect(words.slice(-10)).toEqual(['--unsetenv', 'SRT_ALLOW_NESTED_USERNS', '--setenv', 'SRT_ALLOW_NESTED_USERNS', '0', '--', SECCOMP, SHELL, '-c', INNER]);
  });

  it('inserts the entry before bwrap when the mounts come through an args file', () => {
    const prefix = ['/bin/sh', '-c', 'exec 3<"$1" && shift && exec "$@"', 'srt-args', '/proc/self/fd/9'];
    const words = quotedWords(inSharedNetwork(template({ prefix }), ENTER, INNER))!;
    expect(words.slice(0, prefix.length + ENTER.length + 1)).toEqual([...prefix, ...ENTER, 'bwrap']);
  });

  it('without the seccomp helper, runs the command in the shell the library named', () => {
    const words = quotedWords(inSharedNetwork(template({ last: `eval ${quote([INNER])}` }), ENTER, INNER))!;
    expect(words.slice(-4)).toEqual(['--', SHELL, '-c', INNER]);
  });

  it('drops only the real option when a path spells it', () => {
    const options = ['--new-session', '--unshare-net', '--bind', '/w/a --unshare-net b', '/w/a --unshare-net b', '--unshare-user'];
    const words = quotedWords(inSharedNetwork(template({ options }), ENTER, INNER))!;
    expect(words.filter((w) => w === '--unshare-net')).toEqual([]);
    expect(words.filter((w) => w === '/w/a --unshare-net b')).toHaveLength(2);
  });

  it.each([
    ['a script line that is no relay', template({ lines: [...RELAYS, 'touch /tmp/pwned'] })],
    ['no network namespace to replace', template({ options: ['--new-session', ...MOUNTS] })],
    ['two network options', template({ options: ['--unshare-net', ...MOUNTS, '--unshare-net'] })],
    ['another command under the helper', template({ last: `SRT_ALLOW_NESTED_USERNS=0 ${quote([SECCOMP])} ${quote([SHELL, '-c', 'id'])}` })],
    ['the command with no helper and no eval', template({ last: quote([SHELL, '-c', INNER]) })],
    ['a shell expansion outside quotes', `${template()} $HOME`],
    ['no bwrap', quote(['firejail', '--', SHELL, '-c', 'x'])],
    ['bwrap in an unknown place', template({ prefix: ['env', 'X=1'] })],
  ])('refuses %s', (_why, t) => {
    expect(() => inSharedNetwork(t, ENTER, INNER)).toThrow(/form Gatehouse does not know/);
  });
});
