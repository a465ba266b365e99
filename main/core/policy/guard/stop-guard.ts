// Recognises shell commands that would stop the Gatehouse process (kill, pkill, killall, service managers).
import type { SimpleCommand } from '../../shell/types.js';
import { attachesAtRunTime, codeSignals, killMayStop } from './signal-targets.js';
import { inlineCode } from '../request/inline-code.js';

const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'brew', 'apt', 'apt-get', 'dnf', 'pip', 'pipx']);
const STOPPERS = new Set(['ss', 'kill', 'pkill', 'killall', 'skill', 'taskkill', 'tskill', 'systemctl', 'launchctl', 'service', 'sv', 'supervisorctl', 'pm2', 'fuser']);
/** Programs that kill by port or by name pattern (`npx kill-port 4000`, `fkill :4000`, `tcpkill port 4000`). */
const PORT_KILLERS = new Set(['kill-port', 'killport', 'fkill', 'fkill-cli', 'tcpkill', 'kill-ports']);
/** Service managers' verbs that only look (closed world: any other verb may stop what it names). */
const LOOKS: Record<string, RegExp> = {
  systemctl: /^(status|show|cat|list-[a-z-]+|is-active|is-enabled|is-failed|is-system-running|help|get-default)$/,
  pm2: /^(logs|log|list|ls|l|status|show|describe|info|desc|monit|jlist|prettylist|env|ping)$/,
  launchctl: /^(list|print|print-disabled|blame|help|version)$/,
  supervisorctl: /^(status|tail|avail|pid|help|version)$/,
  sv: /^(status|s|check)$/,
};
/** Options pkill and pgrep select processes by, other than a name pattern (`-O 60`, `-u bob`, `-P 1`, `-t pts/1`). */
const SELECTORS = /^(-[uUgGPstOF]|--(e?uid|user|group|pgroup|parent|session|terminal|older|pidfile|ns|nslist|cgroup))(=|$)|^-[uUgGPstOF]\S/;
// What the Gatehouse process is called: headless under node, the desktop app under Electron or its own name.
const NAMES = ['gatehouse', 'Gatehouse', 'node', 'electron', 'Electron'];
const CMDLINES = [...NAMES, 'node /usr/lib/node_modules/gatehouse/bin/gatehouse.js serve', '/Applications/Gatehouse.app/Contents/MacOS/Gatehouse'];

// Options selecting processes by owner (`-u alice`, `-U1000`, `--uid=1000`, `--user bob`).
const USER_OPTION = /^(-[uU]|--(e?uid|user))(=|$)|^-[uU]\S/;

function regexHits(pattern: string, candidates: string[], flags: string, exact: boolean): boolean {
  try {
    const re = new RegExp(exact ? `^(?:${pattern})$` : pattern, flags);
    return candidates.some((c) => re.test(c));
  } catch {
    return false; // pkill refuses an invalid pattern and stops nothing
  }
}

function pkillStops(args: readonly string[]): boolean {
  const valueOpts = new Set(['-g', '-G', '-P', '-s', '-t', '-u', '-U', '-F', '-c', '-O', '--older', '--signal', '--ns', '--nslist', '--pidfile', '--session', '--parent']);
  let full = false;
  let exact = false;
  let icase = false;
  let user = false;
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { patterns.push(...args.slice(i + 1)); break; }
    user ||= USER_OPTION.test(a);
    if (valueOpts.has(a)) { i++; continue; }
    if (a.startsWith('--')) { full ||= a === '--full'; exact ||= a === '--exact'; icase ||= a === '--ignore-case'; continue; }
    if (a.startsWith('-') && a.length > 1) {
      if (/^-[a-zA-Z]+$/.test(a)) { full ||= a.includes('f'); exact ||= a.includes('x'); icase ||= a.includes('i'); }
      continue;
    }
    patterns.push(a);
  }
  // `pkill -u $USER`, `pkill -O 60` with no pattern signal every process so selected, Gatehouse included.
  return ((user || args.some((a) => SELECTORS.test(a))) && patterns.length === 0) || patterns.some((p) => regexHits(p, full ? CMDLINES : NAMES, icase ? 'i' : '', exact));
}

function killallStops(args: readonly string[]): boolean {
  const valueOpts = new Set(['-u', '--user', '-s', '--signal', '-o', '--older-than', '-y', '--younger-than', '-Z', '--context']);
  let regex = false;
  let user = false;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    user ||= USER_OPTION.test(a);
    if (valueOpts.has(a)) { i++; continue; }
    if (a === '-r' || a === '--regexp') { regex = true; continue; }
    if (a.startsWith('-')) continue;
    names.push(a);
  }
  if (user && names.length === 0) return true; // `killall -u bob` kills every process bob owns
  return names.some((n) => (regex ? regexHits(n, NAMES, 'i', false) : NAMES.some((c) => c.toLowerCase() === (n.split('/').pop() ?? '').toLowerCase())));
}

/** Whether a pid lookup (`pgrep ARGS`, `pidof NAMES`) finds Gatehouse, as `pkill ARGS` or `killall NAMES` would. */
function lookupMatches(argv: readonly string[]): boolean {
  return argv[0] === 'pidof' ? killallStops(argv.slice(1)) : pkillStops(argv.slice(1));
}

/** Programs that attach to a running process by pid: a debugger or tracer can stop it, `renice`/`ionice`/`cpulimit` starve it. */
const ATTACHERS = new Set(['renice', 'ionice', 'prlimit', 'taskset', 'cpulimit', 'chrt', 'gdb', 'lldb', 'strace', 'ltrace', 'gcore', 'pstack', 'perf', 'criu', 'dtruss', 'reptyr']);

function attaches(prog: string, args: string[], ctx: StopContext, appended: boolean): string | null {
  const byPid = ctx.pid !== undefined && args.some((a) => a.replace(/^(-p|--pid=?|-P)/, '') === String(ctx.pid));
  const byName = ctx.namesGatehouse && (prog === 'renice' || args.some((a) => /^(-p|--pid|attach|-P|--attach-pid)/.test(a)));
  if (byPid || byName) return `${prog} attaches to the Gatehouse process (it can freeze, kill or starve it)`;
  return attachesAtRunTime(args, appended) ? `${prog} attaches to a pid known only at run time, which may be Gatehouse's (it can freeze, kill or starve it)` : null;
}

/** What stopsGatehouse knows of the whole command, worked out once for all its commands. */
export interface StopContext {
  /** The running Gatehouse's pid (endpoint.json). */
  pid: number | undefined;
  /** Whether the command text says `gatehouse` anywhere (a stopper in it may name the process). */
  namesGatehouse: boolean;
  /** The whole command string (heredoc bodies of interpreters are read from it). */
  command: string;
}

/**
 * Why this command would stop Gatehouse, or null.
 * Threat: an agent that kills its guard runs unguarded (`killall gatehouse`, `pkill -f gatehouse`,
 * `kill <pid from endpoint.json>`, `kill -9 -1`, `pkill node`, `kill $(pgrep gatehouse)`).
 */
export function stopsGatehouse(cmd: SimpleCommand, ctx: StopContext, feeder?: SimpleCommand): string | null {
  const first = cmd.argv[0];
  const code = codeSignals(inlineCode(cmd, ctx.command));
  if (code !== null) return `${first} ${code}`;
  if (first !== undefined && PORT_KILLERS.has(first)) return `${first} kills whatever holds a port or matches a name, which may be Gatehouse`;
  // Asked of every command: only a package manager, an attacher or a stopper is read further.
  if (first === undefined || (!PACKAGE_MANAGERS.has(first) && !ATTACHERS.has(first) && !STOPPERS.has(first))) return null;
  const [prog, ...args] = cmd.argv;
  // Removing the package removes the guard as surely as killing it (`yarn global remove` names its verb after `global`).
  const verb0 = args.find((a) => !a.startsWith('-') && !(prog === 'yarn' && a === 'global'));
  if (prog !== undefined && PACKAGE_MANAGERS.has(prog) && /^(uninstall|remove|rm|un|r|unlink)$/.test(verb0 ?? '') && args.some((a) => /gatehouse/i.test(a))) {
    return `${prog} removes the Gatehouse package`;
  }
  if (prog !== undefined && ATTACHERS.has(prog)) return attaches(prog, args, ctx, cmd.appendsArgs === true);
  if (prog === undefined || !STOPPERS.has(prog)) return null;
  const verb = prog === 'service' ? args[1] : args.find((a) => !a.startsWith('-'));
  if (LOOKS[prog]?.test(verb ?? '') || (prog === 'service' && /^(status)$/.test(verb ?? ''))) return null;
  // `fuser -k PORT/tcp`, `fuser -k FILE`: kills whatever uses it, and Gatehouse's port or files are not known here.
  if (prog === 'fuser') return args.some((a) => /^-[a-zA-Z]*k|^--kill$/.test(a)) ? 'fuser -k kills every process using what it names, which may be Gatehouse' : null;
  // `ss -K dport = PORT` closes the sockets it matches: Gatehouse's listening socket among them.
  if (prog === 'ss') return args.some((a) => /^-[a-zA-Z]*K|^--kill$/.test(a)) ? "ss -K closes every socket it matches, which may be Gatehouse's" : null;
  if (ctx.namesGatehouse) return `${prog} names the Gatehouse process`;
  if (prog === 'skill' && killallStops(args)) return 'skill matches the Gatehouse process (a name or every process of a user)';
  // pm2 manages the processes it was given; `pm2 kill` and `… all` stop every one of them, Gatehouse too if it runs there.
  if (prog === 'pm2' && (args.includes('kill') || (/^(stop|delete|del|restart|reload)$/.test(args[0] ?? '') && args.includes('all')))) {
    return `pm2 ${args.join(' ')} stops every process pm2 runs`;
  }
  if (prog === 'kill' || prog === 'skill') {
    // `pgrep -f vitest | xargs kill`: the pids xargs appends are the lookup's just before it.
    const fed = cmd.appendsArgs === true ? (feeder !== undefined && /^(pgrep|pidof)$/.test(feeder.argv[0] ?? '') ? feeder.argv : true) : false;
    const why = killMayStop(args, fed, ctx.pid, lookupMatches);
    return why === null ? null : `${prog} ${why}`;
  }
  if (prog === 'pkill' && pkillStops(args)) return 'pkill matches the Gatehouse process (a pattern or every process of a user)';
  if (prog === 'killall' && killallStops(args)) return 'killall matches the Gatehouse process (a name or every process of a user)';
  return null;
}
