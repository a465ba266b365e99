// systemd's managers, read past their options: `systemctl --no-wall poweroff` shuts the machine down as `shutdown` does,
// and `loginctl terminate-user` ends every process of a user, as `kill -9 -1` does (Gatehouse's among them).
import { flag } from '../findings.js';
import { scanArgs, type OptSpec } from '../options.js';
import type { CheckInput } from './context.js';

// Their options that take a value (`systemctl -H host reboot`, `systemctl --signal KILL kill x`), read by getopt as systemd does.
const OPTIONS: OptSpec = {
  shortValue: 'tpPsHMCno',
  longValue: ['type', 'property', 'signal', 'host', 'machine', 'capsule', 'lines', 'output', 'root', 'state', 'job-mode', 'kill-whom', 'kill-value', 'what', 'when', 'message', 'drop-in', 'image', 'image-policy', 'check-inhibitors', 'preset-mode', 'reboot-argument', 'boot-loader-entry', 'boot-loader-menu', 'timestamp'],
  stopAtOperand: true,
};
// Verbs that stop the machine, put it to sleep, or switch every service off.
const MACHINE = /^(poweroff|reboot|halt|kexec|soft-reboot|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|sleep|rescue|emergency|default|isolate|exit|switch-root)$/;
// Verbs that stop or disable services.
const SERVICES = /^(stop|kill|disable|mask|freeze)$/;

/** The verb of a `systemctl` or `loginctl` command line (its first operand), or undefined. */
export function managerVerb(argv: readonly string[]): string | undefined {
  return argv[scanArgs(argv, 1, OPTIONS).end];
}

/**
 * Flags systemctl's machine verbs (ask, as `shutdown`), its service stops (a risk) and loginctl ending a user's processes.
 * Threat: `systemctl poweroff`, `systemctl --no-wall reboot`, `loginctl terminate-user "$USER"` under a blanket Bash rule.
 */
export function checkServiceManager(c: CheckInput): void {
  const name = c.cmd.argv[0]!;
  const verb = managerVerb(c.cmd.argv) ?? '';
  if (name === 'systemctl' && MACHINE.test(verb)) flag(c.f, 'destructive', `systemctl ${verb} shuts the machine down, restarts it or stops every service`, c.cmd.span);
  else if (name === 'systemctl' && SERVICES.test(verb)) flag(c.f, 'destructive', `systemctl ${verb} stops services`, c.cmd.span, 'risk');
  else if (name === 'loginctl' && /^(terminate|kill)-user$/.test(verb)) flag(c.f, 'destructive', `loginctl ${verb} ends every process of the user you can reach`, c.cmd.span, 'hard');
  else if (name === 'loginctl' && /^(terminate|kill)-session$/.test(verb)) flag(c.f, 'destructive', `loginctl ${verb} ends every process of a login session`, c.cmd.span);
}
