// Which processes a signal may reach: a kill's targets, and program text that sends signals. Only a literal pid other
// than Gatehouse's, or the shell's own jobs and pid, is provably not Gatehouse; every other target may be it.

/** Targets that are the shell's own: a job (`%1`), the last job it started (`$!`), itself (`$$`, `$BASHPID`). */
const OWN = /^(%.*|\$!|\$\{!\}|\$\$|\$\{\$\}|\$BASHPID|\$\{BASHPID\})$/;

/** Whether a pid lookup's words (`pgrep -f vite`, `pidof node`) match the Gatehouse process, as pkill and killall judge them. */
export type LookupMatches = (argv: readonly string[]) => boolean;

// A target that is only a pid lookup with plain words (`$(pgrep vite)`, `` `pidof node` ``): judged as the lookup.
const LOOKUP_WORD = /^(?:\$\(|`)\s*((?:pgrep|pidof)(?:\s+[^\s()`$|;&<>'"\\]+)*)\s*(?:\)|`)$/;

/** Why one kill target may be Gatehouse, or null when it provably is not. */
function targetMayBeGatehouse(t: string, pid: number | undefined, matches: LookupMatches): string | null {
  if (OWN.test(t)) return null;
  const lookup = LOOKUP_WORD.exec(t)?.[1];
  if (lookup !== undefined) return matches(lookup.split(/\s+/)) ? `signals the pids ${lookup} finds, Gatehouse among them` : null;
  if (/^[1-9]\d*$/.test(t)) return Number(t) === pid ? `targets the Gatehouse pid ${pid}` : null;
  if (t === '-1') return '-1 signals every process you own, Gatehouse included';
  if (t === '0' || t === '-0') return "0 signals every process of the shell's process group, which may hold Gatehouse";
  if (/^-\d+$/.test(t)) return `${t} signals the process group ${t.slice(1)}, which may be Gatehouse's`;
  return `${t} is a pid known only at run time, which may be Gatehouse's`;
}

/**
 * Why `kill` (or `skill`) with these arguments may signal Gatehouse, or null. Signal 0 only asks whether a process
 * lives; `-l` lists signals. Targets xargs appends (`appended`: true, or the argv of the pid lookup piped into it) are
 * known only at run time, unless a lookup that spares Gatehouse found them.
 * Threat: `kill -- -PGID` (Gatehouse's process group), `kill $(lsof -t -i :PORT)`, `ss -ltnp | … | xargs kill`.
 */
export function killMayStop(args: readonly string[], appended: readonly string[] | boolean, pid: number | undefined, matches: LookupMatches): string | null {
  let i = 0;
  let signal: string | undefined;
  const first = args[0];
  // The first word after kill that starts with `-` is its signal (`kill -9 -1`: signal 9 to every process).
  if (first !== undefined && first !== '--' && first.startsWith('-')) {
    if (/^-(l|L|-list|-table)$/.test(first)) return null;
    if (first === '-s' || first === '-n' || first === '--signal') {
      signal = args[1];
      i = 2;
    } else {
      signal = first.replace(/^--?(signal=)?/, '');
      i = 1;
    }
  }
  if (args[i] === '--') i++;
  if (signal !== undefined && /^(SIG)?0$/i.test(signal)) return null;
  for (const t of args.slice(i)) {
    const why = targetMayBeGatehouse(t, pid, matches);
    if (why !== null) return why;
  }
  if (appended === true) return 'signals the pids xargs hands it, known only at run time';
  if (appended !== false && matches(appended)) return `signals the pids ${appended.join(' ')} finds, Gatehouse among them`;
  return null;
}

/** Whether an attacher's (`gdb -p`, `renice`, `strace -p`) words hold a pid known only at run time. */
export function attachesAtRunTime(args: readonly string[], appended: boolean): boolean {
  return appended || args.some((a) => /[$`]/.test(a) && !OWN.test(a.replace(/^(-p|--pid=?|-P)/, '')));
}

// Program text sending a signal, or running a program that does (`os.kill`, `process.kill`, perl's `kill 9, $pid`,
// `Process.kill`, `posix_kill`, `os.killpg`, `subprocess.run(['fuser', '-k', …])`).
const SIGNALS_IN_CODE = /\b(kill(pg|all)?|pkill|posix_kill|pthread_kill|tgkill|tkill|fuser|SIG(KILL|TERM|STOP|TSTP|INT|HUP|QUIT|ABRT|SEGV|BUS|USR1|USR2|ALRM))\b/;

/** Why program text may send a signal whose target is computed at run time (and so may be Gatehouse), or null. */
export function codeSignals(code: readonly string[]): string | null {
  for (const text of code) {
    const m = SIGNALS_IN_CODE.exec(text);
    if (m) return `runs code that sends signals (${m[1]}) to processes it picks at run time, which may be Gatehouse`;
  }
  return null;
}
