// The service managers, read past their options: `systemctl --no-wall poweroff` shuts the machine down as `shutdown`
// does, `loginctl terminate-user` ends every process of a user, as `kill -9 -1` does (Gatehouse's among them), and
// `systemctl --user enable`, `loginctl enable-linger` and `launchctl load` install what runs on its own later, at every
// login or boot, as a crontab entry does.
import { flag } from '../findings.js';
import { scanArgs, type OptSpec } from '../options.js';
import type { CheckInput } from './context.js';

// Their options that take a value (`systemctl -H host reboot`, `systemctl --signal KILL kill x`), read by getopt as systemd does.
const OPTIONS: OptSpec = {
  shortValue: 'tpPsHMCno',
  longValue: ['type', 'property', 'signal', 'host', 'machine', 'capsule', 'lines', 'output', 'root', 'state', 'job-mode', 'kill-whom', 'kill-value', 'what', 'when', 'message', 'drop-in', 'image', 'image-policy', 'check-inhibitors', 'preset-mode', 'reboot-argument', 'boot-loader-entry', 'boot-loader-menu', 'timestamp'],
  stopAtOperand: true,
};
// Verbs that power the machine off, restart or suspend it (systemctl's and loginctl's): hard denies, as `reboot` is.
const POWER_VERBS = /^(poweroff|reboot|halt|kexec|soft-reboot|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|sleep)$/;
// The units that power the machine off, restart or suspend it when started.
const POWER_TARGET = /^(poweroff|reboot|halt|kexec|soft-reboot|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|sleep|ctrl-alt-del)\.target$/;
// Verbs that switch every service off or leave the service manager (asked).
const MACHINE = /^(rescue|emergency|default|isolate|exit|switch-root)$/;
// Verbs that stop or disable services.
const SERVICES = /^(stop|kill|disable|mask|freeze)$/;
// Verbs that install units or change what they run: started at login or boot, outside any check.
const INSTALLS = /^(enable|reenable|link|edit|preset|preset-all|add-wants|add-requires|set-property|set-environment|import-environment|revert)$/;
// launchctl's verbs that load a job (a launchd plist runs its program at login, on a schedule, or kept alive).
const LAUNCHD_LOADS = /^(load|bootstrap|submit|enable|kickstart)$/;

/** The verb of a `systemctl` or `loginctl` command line (its first operand), or undefined. */
export function managerVerb(argv: readonly string[]): string | undefined {
  return argv[scanArgs(argv, 1, OPTIONS).end];
}

/** The programs checkServiceManager reads. */
export const SERVICE_MANAGERS = new Set(['systemctl', 'loginctl', 'launchctl']);

/**
 * Flags systemctl's and loginctl's power verbs (a hard deny, as `shutdown`), systemctl's other machine verbs (ask), its service stops (a risk), loginctl ending a user's processes,
 * and the verbs of all three that install what starts on its own later (ask, as `crontab`).
 * Threat: `systemctl poweroff`, `systemctl --no-wall reboot`, `loginctl terminate-user "$USER"`, `systemctl --user enable
 * --now evil.service`, `launchctl load ~/Library/LaunchAgents/x.plist` under a blanket Bash rule.
 */
export function checkServiceManager(c: CheckInput): void {
  const name = c.cmd.argv[0]!;
  // launchctl takes no options before its verb.
  const verb = (name === 'launchctl' ? c.cmd.argv[1] : managerVerb(c.cmd.argv)) ?? '';
  if ((name === 'systemctl' && INSTALLS.test(verb)) || (name === 'loginctl' && verb === 'enable-linger') || (name === 'launchctl' && LAUNCHD_LOADS.test(verb))) {
    flag(c.f, 'code-execution', `${name} ${verb} installs a service or job that starts on its own later, outside any check`, c.cmd.span);
  }
  // `systemctl start reboot.target`: the power targets do what the verbs do.
  const target = name === 'systemctl' && /^(start|isolate|restart|reload-or-restart|try-restart)$/.test(verb) ? c.cmd.argv.find((w) => POWER_TARGET.test(w)) : undefined;
  if (target !== undefined) flag(c.f, 'destructive', `systemctl ${verb} ${target} powers the machine off, restarts or suspends it`, c.cmd.span, 'hard');
  else if ((name === 'systemctl' || name === 'loginctl') && POWER_VERBS.test(verb)) flag(c.f, 'destructive', `${name} ${verb} powers the machine off, restarts or suspends it`, c.cmd.span, 'hard');
  else if (name === 'systemctl' && MACHINE.test(verb)) flag(c.f, 'destructive', `systemctl ${verb} shuts the machine down, restarts it or stops every service`, c.cmd.span);
  else if (name === 'systemctl' && SERVICES.test(verb)) flag(c.f, 'destructive', `systemctl ${verb} stops services`, c.cmd.span, 'risk');
  else if (name === 'loginctl' && /^(terminate|kill)-user$/.test(verb)) flag(c.f, 'destructive', `loginctl ${verb} ends every process of the user you can reach`, c.cmd.span, 'hard');
  else if (name === 'loginctl' && /^(terminate|kill)-session$/.test(verb)) flag(c.f, 'destructive', `loginctl ${verb} ends every process of a login session`, c.cmd.span);
}
