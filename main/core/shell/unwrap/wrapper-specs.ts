// The programs that run another command (wrappers), and how each one's options are spelled.
import type { OptSpec } from '../options.js';

/** How a wrapper hands over to the command it runs. */
export type WrapperKind = 'plain' | 'privilege' | 'shell' | 'xargs' | 'eval' | 'exec' | 'trap';

/** One wrapper: its options, and where its command (or script) starts. */
export interface WrapperSpec {
  kind: WrapperKind;
  opts: OptSpec;
  /** Operands before the command (`timeout DURATION cmd`, `flock FILE cmd`). */
  operands?: number;
  /** Accepts `NAME=value` words before the command (`env`, `sudo`). */
  assignments?: boolean;
  /** Options that make the wrapper start its command later, on a timer, a path or a socket (`systemd-run --on-calendar`). */
  laterOpts?: readonly string[];
  /** Options (letters or long names) that mean the wrapper runs no command (`command -v`, `sudo -l`). */
  noCommand?: readonly string[];
  /** Options whose value is shell code (`su -c`, `flock -c`, `env -S`). */
  scriptOpts?: readonly string[];
  /** Options whose value is a file the wrapper writes (`time -o`, `strace -o`). */
  writeOpts?: readonly string[];
  /** Options that remove variables from the command's environment (`env -u KUBECONFIG`, `env -i`). */
  unsetOpts?: readonly string[];
  /** Options whose value is the directory the command runs in (`env -C`, `sudo -D`). */
  chdirOpts?: readonly string[];
  /** Runs only the script of a script option; operands are a user name and shell arguments (`su - root -c cmd`). */
  scriptOnly?: boolean;
  /** The command operand is shell code: always (`sg GROUP 'cmd'`), or when this flag is given (`entr -s 'make test'`). */
  scriptOperand?: true | string;
  /** Runs no command of its own but the shell code on its stdin (`at now <<< 'cmd'`), unless a noCommand option says otherwise. */
  stdinScript?: boolean;
  /** Options whose value is the command's zeroth argument (`env -a NAME`, `exec -a NAME`): a multi-call binary runs that applet. */
  argv0Opts?: readonly string[];
}

/** Multi-call binaries: the applet they run is their first operand, or their zeroth argument (`exec -a rm busybox -rf ~`). */
export const MULTI_CALL = new Set(['busybox', 'toybox', 'coreutils']);

const plain = (opts: OptSpec = {}, extra: Partial<WrapperSpec> = {}): WrapperSpec => ({
  kind: 'plain',
  opts: { ...opts, stopAtOperand: true },
  ...extra,
});

const privilege = (opts: OptSpec, extra: Partial<WrapperSpec> = {}): WrapperSpec => ({
  kind: 'privilege',
  opts: { ...opts, stopAtOperand: true },
  ...extra,
});

const SHELL: WrapperSpec = { kind: 'shell', opts: { stopAtOperand: true } };

/** Shells whose `-c SCRIPT` is bash-compatible enough to analyze recursively. */
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash', 'posh', 'fish', 'rbash', 'csh', 'tcsh']);

/** Every wrapper the analysis unwraps, by program name. */
export const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  ['env', plain({ shortValue: 'uCSa', longValue: ['unset', 'chdir', 'split-string', 'argv0'] }, { assignments: true, scriptOpts: ['S', 'split-string'], chdirOpts: ['C', 'chdir'], unsetOpts: ['u', 'unset', 'i', 'ignore-environment'], argv0Opts: ['a', 'argv0'] })],
  ['timeout', plain({ shortValue: 'ks', longValue: ['kill-after', 'signal'] }, { operands: 1 })],
  ['nice', plain({ shortValue: 'n', longValue: ['adjustment'] })],
  ['nohup', plain()],
  ['setsid', plain()],
  ['time', plain({ shortValue: 'fo', longValue: ['format', 'output'] }, { writeOpts: ['o', 'output'] })],
  ['command', plain({}, { noCommand: ['v', 'V'] })],
  ['builtin', plain()],
  ['coproc', plain()],
  // Multi-call binaries: the first operand is the program they run (`busybox rm`, `toybox rm`, `coreutils --coreutils-prog=rm`).
  ['busybox', plain({}, { noCommand: ['list', 'l', 'install', 'list-full', 'help'] })],
  ['toybox', plain({}, { noCommand: ['help', 'version'] })],
  ['coreutils', plain({}, { noCommand: ['help', 'version'] })],
  ['stdbuf', plain({ shortValue: 'ioe', longValue: ['input', 'output', 'error'] })],
  ['ionice', plain({ shortValue: 'cnpPu', longValue: ['class', 'classdata', 'pid', 'pgid', 'uid'] }, { noCommand: ['p', 'P', 'u', 'pid', 'pgid', 'uid'] })],
  ['chrt', plain({}, { operands: 1, noCommand: ['p', 'pid'] })],
  ['taskset', plain({}, { operands: 1, noCommand: ['p', 'pid'] })],
  ['flock', plain({ shortValue: 'wEc', longValue: ['timeout', 'wait', 'conflict-exit-code', 'command'] }, { operands: 1, scriptOpts: ['c', 'command'] })],
  ['unbuffer', plain()],
  // moreutils and friends: run their command as given (`chronic -e cmd`, `ifne cmd`, `eatmydata cmd`, `nocache cmd`).
  ['chronic', plain()],
  ['ifne', plain()],
  ['eatmydata', plain()],
  ['nocache', plain()],
  ['torify', plain()],
  ['trickle', plain({ shortValue: 'dulnwt' })],
  ['caffeinate', plain({ shortValue: 'tw' })],
  ['fakeroot', plain({ shortValue: 'lsib', longValue: ['lib', 'faked'] })],
  ['proxychains', plain({ shortValue: 'f' })],
  ['proxychains4', plain({ shortValue: 'f' })],
  ['torsocks', plain({ shortValue: 'uapP' })],
  ['strace', plain({ shortValue: 'abeEIoOpPsSuUX', longValue: ['output', 'attach', 'user'] }, { noCommand: ['p', 'attach'], writeOpts: ['o', 'output'] })],
  ['ltrace', plain({ shortValue: 'aeEnopsuxAD', longValue: ['output'] }, { noCommand: ['p'], writeOpts: ['o', 'output'] })],
  ['valgrind', plain()],
  ['catchsegv', plain()],
  ['dbus-run-session', plain()],
  ['dbus-launch', plain({ longValue: ['autolaunch', 'config-file'] })],
  // screen runs its command in a new window (`screen -dmS name cmd`); -r/-x/-X/-ls attach to or drive a session instead.
  ['screen', plain({ shortValue: 'SceEhLpsTt', longValue: ['Logfile'] }, { noCommand: ['r', 'R', 'x', 'X', 'ls', 'list', 'wipe', 'v', 'Q'] })],
  ['xvfb-run', plain({ shortValue: 'nspfe', longValue: ['server-num', 'server-args', 'auth-file', 'error-file', 'xauth-protocol'] })],
  ['faketime', plain({ shortValue: 'mfp' }, { operands: 1 })],
  ['unshare', plain({ shortValue: 'S', longValue: ['setuid', 'setgid', 'root', 'wd', 'propagation'] })],
  ['nsenter', plain({ shortValue: 'tSGrw', longValue: ['target', 'setuid', 'setgid', 'root', 'wd'] })],
  ['firejail', plain()],
  ['systemd-run', plain({
    shortValue: 'pEMuH',
    longValue: ['unit', 'property', 'description', 'slice', 'uid', 'gid', 'working-directory', 'setenv', 'machine', 'host', 'nice', 'service-type', 'json', 'job-mode',
      'on-active', 'on-boot', 'on-startup', 'on-unit-active', 'on-unit-inactive', 'on-calendar', 'timer-property', 'path-property', 'socket-property'],
  }, { laterOpts: ['on-active', 'on-boot', 'on-startup', 'on-unit-active', 'on-unit-inactive', 'on-calendar', 'on-clock-change', 'on-timezone-change', 'timer-property', 'path-property', 'socket-property'] })],
  ['script', plain({ shortValue: 'cEIOTB', longValue: ['command', 'echo', 'log-in', 'log-out', 'log-timing', 'log-io'] }, { scriptOpts: ['c', 'command'], scriptOnly: true })],
  ['sg', plain({ shortValue: 'c' }, { scriptOpts: ['c'], scriptOnly: true, scriptOperand: true, operands: 1 })],
  // Resource, CPU, cgroup, credential and root-changing launchers: each runs its command as given.
  ['prlimit', plain({ shortValue: 'po', longValue: ['pid', 'output'] }, { noCommand: ['p', 'pid'] })],
  ['numactl', plain({ shortValue: 'imNCpPw', longValue: ['interleave', 'membind', 'cpunodebind', 'physcpubind', 'preferred', 'preferred-many', 'weighted-interleave', 'cpubind'] }, { noCommand: ['s', 'show', 'H', 'hardware'] })],
  ['cgexec', plain({ shortValue: 'g' })],
  ['setpriv', plain({ longValue: ['reuid', 'regid', 'ruid', 'euid', 'rgid', 'egid', 'groups', 'inh-caps', 'ambient-caps', 'bounding-set', 'securebits', 'pdeathsig', 'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule', 'seccomp-filter', 'ptracer'] }, { noCommand: ['d', 'dump'] })],
  ['proot', plain({ shortValue: 'rbmqwk', longValue: ['rootfs', 'bind', 'mount', 'qemu', 'pwd', 'cwd', 'kernel-release'] })],
  ['fakechroot', plain({ shortValue: 'lde', longValue: ['lib', 'elfloader', 'environment', 'config-dir'] })],
  ['entr', plain({}, { scriptOperand: 's' })],
  // Launchers that run their command as given: readline wrappers, container inits, agents, job queues and supervisors'
  // privilege droppers (`rlwrap rm -rf ~`, `tini -- cmd`, `ssh-agent cmd`, `nq cmd`, `gosu user cmd`).
  ['rlwrap', plain({ shortValue: 'bCDefFgHlMOPqSstwz', shortAttached: 'apm' })],
  ['tini', plain({ shortValue: 'pe' })],
  ['dumb-init', plain({ shortValue: 'r', longValue: ['rewrite'] })],
  ['ssh-agent', plain({ shortValue: 'aEOPt' }, { noCommand: ['k', 'l', 'T'] })],
  ['nq', plain()],
  ['tsp', plain({ shortValue: 'LDNW' })],
  ['sem', plain({ shortValue: 'j', longValue: ['id', 'jobs'] })],
  ['daemonize', plain({ shortValue: 'ceoplu' })],
  ['with-contenv', plain()],
  ['chpst', plain({ shortValue: 'uUbe/nlLmdofcrpt' })],
  ['gosu', privilege({}, { operands: 1 })],
  ['su-exec', privilege({}, { operands: 1 })],
  ['s6-setuidgid', privilege({}, { operands: 1 })],
  // at and batch run the shell code on their stdin later (`-f FILE` reads it from a file; `-l`, `-d`, `-c` run none).
  ['at', plain({ shortValue: 'qfut' }, { stdinScript: true, noCommand: ['f', 'l', 'd', 'r', 'c', 'V'] })],
  ['batch', plain({ shortValue: 'qfu' }, { stdinScript: true, noCommand: ['f', 'V'] })],
  ['chroot', privilege({ longValue: ['userspec', 'groups'] }, { operands: 1 })],
  ['watch', { kind: 'eval', opts: { shortValue: 'nq', longValue: ['interval', 'equexit'], stopAtOperand: true } }],
  ['xargs', { kind: 'xargs', opts: { shortValue: 'aEdILnPs', shortAttached: 'eil', longValue: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'], stopAtOperand: true } }],
  // GNU parallel runs its command once per input, like xargs; inputs after `:::` are appended (see unwrap).
  ['parallel', { kind: 'xargs', opts: { shortValue: 'aIjSdP', longValue: ['arg-file', 'jobs', 'sshlogin', 'delimiter', 'max-procs', 'colsep', 'results', 'joblog', 'tmpdir', 'workdir'], stopAtOperand: true } }],
  ['exec', { kind: 'exec', opts: { shortValue: 'a', stopAtOperand: true }, argv0Opts: ['a'] }],
  ['eval', { kind: 'eval', opts: { stopAtOperand: true } }],
  ['trap', { kind: 'trap', opts: { stopAtOperand: true }, noCommand: ['p', 'l'] }],
  ['sudo', privilege({ shortValue: 'ugCDpRrtTU', longValue: ['user', 'group', 'close-from', 'chdir', 'prompt', 'chroot', 'role', 'type', 'command-timeout', 'other-user', 'host'] }, { assignments: true, noCommand: ['l', 'v', 'K', 'V', 'e', 'list', 'validate', 'remove-timestamp', 'version', 'edit'], chdirOpts: ['D', 'chdir'] })],
  ['doas', privilege({ shortValue: 'uC' }, { noCommand: ['C', 'L'] })],
  ['pkexec', privilege({ longValue: ['user'] })],
  ['run0', privilege({ shortValue: 'ugD', longValue: ['user', 'group', 'chdir', 'setenv', 'unit', 'property', 'description', 'slice', 'nice', 'machine', 'background'] }, { chdirOpts: ['D', 'chdir'] })],
  ['su', privilege({ shortValue: 'cgGsw', longValue: ['command', 'group', 'supp-group', 'shell', 'whitelist-environment', 'session-command'] }, { scriptOpts: ['c', 'command', 'session-command'], scriptOnly: true })],
  ['runuser', privilege({ shortValue: 'cgGsuw', longValue: ['command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment', 'session-command'] }, { scriptOpts: ['c', 'command', 'session-command'], scriptOnly: true })],
  ...[...SHELLS].map((s): [string, WrapperSpec] => [s, SHELL]),
  // `source FILE` runs FILE in this shell: as a shell does, it runs what a process substitution or its stdin prints.
  ['source', SHELL],
  ['.', SHELL],
]);
