// Commands that install what runs later on its own, at every login or boot or on a timer, ask under a blanket Bash rule
// as `crontab` does: what they install is never judged when it runs. Looking at services stays allowed.
import { afterAll, beforeAll } from 'vitest';
import { CAUTIOUS, redTeamTables, type Rules, setUp, tearDown } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

/** Approve everything: only hard denies, the tamper guard and the deny rules stand. */
const ALL: Rules = { allow: ['Bash', 'Read', 'Edit', 'Write'], deny: ['Bash(rm -rf:*)', 'Bash(sudo:*)'] };
/** The cautious rules plus the service managers and systemd-run. */
const SAFE: Rules = { allow: [...CAUTIOUS, 'Bash(systemctl:*)', 'Bash(loginctl:*)', 'Bash(launchctl:*)', 'Bash(systemd-run:*)', 'Bash(make:*)'] };
const SETS = { ALL, SAFE };
type SetName = keyof typeof SETS;

const DECIDED: Array<[string, SetName, 'ask']> = [
  ['systemctl --user enable --now evil.service', 'ALL', 'ask'], ['systemctl --user link /tmp/evil.service', 'ALL', 'ask'], ['systemctl --user edit --full x.service', 'ALL', 'ask'],
  ['systemctl --user -q reenable x', 'ALL', 'ask'], ['systemctl --user set-environment LD_PRELOAD=/tmp/x.so', 'ALL', 'ask'], ['systemctl --user add-wants default.target x.service', 'SAFE', 'ask'],
  ['systemctl --user --now enable x', 'SAFE', 'ask'], ['loginctl enable-linger', 'ALL', 'ask'], ['loginctl enable-linger "$USER"', 'SAFE', 'ask'],
  ['launchctl load ~/Library/LaunchAgents/x.plist', 'ALL', 'ask'], ['launchctl load -w x.plist', 'SAFE', 'ask'], ['launchctl bootstrap gui/501 x.plist', 'ALL', 'ask'],
  ['launchctl submit -l x -- /tmp/x', 'ALL', 'ask'], ['systemd-run --user --on-calendar=hourly /tmp/x', 'ALL', 'ask'], ['systemd-run --user --on-active=30 make test', 'SAFE', 'ask'],
  ['systemd-run --user --on-boot 10 sh -c id', 'ALL', 'ask'], ['systemd-run --user --timer-property=AccuracySec=1 --on-unit-active=1m id', 'ALL', 'ask'],
  ['systemd-run --user --path-property=PathChanged=/tmp/x id', 'ALL', 'ask'],
];

const HARMLESS: Array<[string, SetName]> = [
  ['systemctl --user status gatehouse', 'ALL'], ['systemctl --user status gatehouse', 'SAFE'], ['systemctl --user list-timers', 'ALL'], ['systemctl --user is-enabled x', 'SAFE'],
  ['systemctl --user start x', 'ALL'], ['loginctl show-user', 'ALL'], ['launchctl list', 'ALL'], ['launchctl print gui/501', 'SAFE'],
  ['systemd-run --user --scope make test', 'SAFE'], ['systemd-run --user --wait -p MemoryMax=1G make test', 'SAFE'],
];

redTeamTables('installed to run later on its own', SETS, DECIDED, HARMLESS);
