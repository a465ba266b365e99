// Disk, process and shell-state commands: formatting disks, killing processes, sourcing files, redefining commands.
import { block, flag } from '../findings.js';
import { isBlockDevice } from '../paths.js';
import { plainOperands, type CheckInput } from './context.js';

const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'cfdisk', 'parted', 'gdisk', 'sgdisk', 'cgdisk']);
const LIST_ONLY = /^(-l|--list|-d|--dump|-J|--json|-p|--print|print|--show-size)$/;
/** Volume managers' subcommands that erase what a device or pool holds (`cryptsetup luksFormat`, `zpool destroy`). */
const VOLUME_ERASERS: Record<string, RegExp> = {
  cryptsetup: /^(luksFormat|erase|luksErase|reencrypt)$/, zpool: /^(destroy|labelclear)$/,
  lvremove: /./, vgremove: /./, pvremove: /./,
};
// Groups whose members may become root (sudo, wheel…) or control root-owned daemons (docker, lxd): joining one is escalation.
const ADMIN_GROUPS = /^(sudo|wheel|admin|root|docker|lxd|libvirt|disk|adm|shadow)$/;
/** Programs that change accounts, groups or passwords. */
const ACCOUNTS = new Set(['usermod', 'gpasswd', 'adduser', 'addgroup', 'passwd', 'chpasswd', 'machinectl']);
const KILLERS = new Set(['kill', 'pkill', 'killall', 'killall5', 'skill', 'slay']);
// Programs that power the machine off, restart it or put it to sleep: every process (Gatehouse's too) ends or stalls.
const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff', 'pm-suspend', 'pm-hibernate', 'pm-suspend-hybrid', 'zzz', 'systemd-sleep', 'rtcwake']);
// What only reads or cancels: `shutdown -c` cancels a pending shutdown, `--help` prints usage, `-k` only warns, `rtcwake -m show` shows the alarm.
const POWER_HARMLESS = /^(-c|--help|-k|--version|--mode=(show|no|disable|on)|-m(show|no|disable|on))$/;

/** Whether a power program is only told to cancel, warn, show or help (`shutdown -c`, `rtcwake -m show`). */
function powerHarmless(argv: readonly string[]): boolean {
  return argv.some((w, i) => i > 0 && (POWER_HARMLESS.test(w) || (/^(-m|--mode)$/.test(w) && /^(show|no|disable|on)$/.test(argv[i + 1] ?? ''))));
}
// Runlevels that stop every service or the machine (`init 0` halts, `init 6` restarts, `init 1`/`S` is single-user mode).
const STOPPING_RUNLEVEL = /^[016sS]$/;

function checkDisk(c: CheckInput, name: string): void {
  const argv = c.cmd.argv;
  const devices = argv.slice(1).filter((w) => isBlockDevice(w.replace(/^of=/, '')));
  if (/^mkfs(\..+)?$|^mke2fs$|^mkdosfs$|^mkntfs$|^wipefs$|^blkdiscard$|^newfs(_\w+)?$/.test(name)) {
    flag(c.f, 'destructive', `${name} erases ${devices[0] ?? 'a file system'}`, c.cmd.span, 'hard');
  } else if (name === 'mkswap' && devices.length > 0) {
    flag(c.f, 'destructive', `mkswap overwrites ${devices[0]}`, c.cmd.span, 'hard');
  } else if (PARTITIONERS.has(name) && devices.length > 0 && !argv.slice(1).some((w) => LIST_ONLY.test(w) || (name === 'sfdisk' && w === '-s'))) {
    flag(c.f, 'destructive', `${name} rewrites the partition table of ${devices[0]}`, c.cmd.span, 'hard');
  } else if (name === 'diskutil' && /^(erase|zero|randomize|secureErase|reformat|partitionDisk|apfs)/i.test(argv[1] ?? '') && !/^(list|info)/i.test(argv[2] ?? '')) {
    // macOS: `diskutil eraseDisk JHFS+ X /dev/disk2`, `diskutil zeroDisk disk2`, `diskutil apfs deleteContainer …`.
    flag(c.f, 'destructive', `diskutil ${argv[1]} erases a disk or volume`, c.cmd.span, 'hard');
  } else if (VOLUME_ERASERS[name]?.test(argv.slice(1).find((w) => !w.startsWith('-')) ?? '')) {
    flag(c.f, 'destructive', `${argv.slice(0, 2).join(' ')} erases a disk, volume or pool`, c.cmd.span, 'hard');
  } else if (name === 'shred' && devices.length > 0) {
    flag(c.f, 'destructive', `shred overwrites the disk ${devices[0]}`, c.cmd.span, 'hard');
  }
}

/**
 * How an account command hands out root's powers, or null: a user put in an admin group, root's password set, a root shell.
 * Threat: `sudo usermod -aG sudo me`, `gpasswd -a me wheel`, `adduser me docker`, `sudo passwd root`, `machinectl shell root@`.
 */
function accountEscalation(argv: readonly string[]): string | null {
  const [name, ...args] = argv;
  const operands = args.filter((a) => !a.startsWith('-'));
  if (name === 'usermod') {
    const i = args.findIndex((a) => /^-[a-zA-Z]*G$|^--groups$/.test(a));
    const groups = i >= 0 ? (args[i + 1] ?? '') : /^--groups=(.*)$/.exec(args.find((a) => a.startsWith('--groups=')) ?? '')?.[1] ?? '';
    return groups.split(',').some((g) => ADMIN_GROUPS.test(g)) ? 'puts a user in an admin group' : null;
  }
  if (name === 'gpasswd') return args.some((a) => /^-(a|M)$|^--(add|members)$/.test(a)) && ADMIN_GROUPS.test(operands.at(-1) ?? '') ? 'puts a user in an admin group' : null;
  if (name === 'adduser' || name === 'addgroup') return operands.length === 2 && ADMIN_GROUPS.test(operands[1]!) ? 'puts a user in an admin group' : null;
  if (name === 'passwd' || name === 'chpasswd') return operands.includes('root') || name === 'chpasswd' ? 'sets a password for root or many accounts' : null;
  return name === 'machinectl' && /^(shell|login)$/.test(operands[0] ?? '') ? 'opens a shell as another user' : null;
}

function checkKill(c: CheckInput, name: string): void {
  const argv = c.cmd.argv;
  flag(c.f, 'destructive', `${name} stops running processes`, c.cmd.span, 'risk');
  const last = argv.length - 1;
  const everyProcess = name === 'killall5' || (name === 'kill' && last >= 2 && argv[last] === '-1') || (name === 'kill' && plainOperands(argv).some((i) => argv[i] === '-1'));
  if (everyProcess) flag(c.f, 'destructive', `${argv.join(' ')} signals every process you can reach`, c.cmd.span, 'hard');
}

/** Disk, process and shell-state programs this module checks. */
export const SYSTEM_TOOLS = new Set([
  ...PARTITIONERS, ...KILLERS, ...POWER, ...ACCOUNTS, ...Object.keys(VOLUME_ERASERS), 'diskutil', 'mkfs', 'mke2fs', 'mkdosfs', 'mkntfs', 'mkswap', 'wipefs', 'blkdiscard', 'shred',
  'source', '.', 'alias', 'sudoedit', 'crontab', 'at', 'batch', 'init', 'telinit', 'enable', 'hash',
]);

/**
 * Flags disk formatting (hard deny), process killing, power-off, and shell-state changes that defeat later checks.
 * Threat: `mkfs.ext4 /dev/sda1`, `kill -9 -1`, `source ./evil.sh`, `alias ls='rm -rf ~'`.
 */
export function checkSystem(c: CheckInput): void {
  const argv = c.cmd.argv;
  const name = argv[0]!;
  checkDisk(c, name);
  const escalation = ACCOUNTS.has(name) ? accountEscalation(argv) : null;
  if (escalation !== null) flag(c.f, 'privilege', `${argv.join(' ')} ${escalation}: privilege escalation`, c.cmd.span, 'hard');
  if (KILLERS.has(name)) checkKill(c, name);
  else if ((POWER.has(name) && !powerHarmless(argv)) || ((name === 'init' || name === 'telinit') && STOPPING_RUNLEVEL.test(argv[1] ?? ''))) {
    flag(c.f, 'destructive', `${name} shuts the machine down, restarts it or stops every service`, c.cmd.span, 'hard');
  } else if (name === 'source' || name === '.') {
    block(c.f, `${name} ${argv[1] ?? ''} runs the code in a file inside this shell`, c.cmd.span);
  } else if (name === 'alias' && argv.slice(1).some((w) => w.includes('='))) {
    block(c.f, 'alias redefines what a command name runs', c.cmd.span);
  } else if (name === 'enable' || name === 'hash') {
    block(c.f, `${name} changes which program a command name runs`, c.cmd.span);
  } else if (name === 'sudoedit') {
    flag(c.f, 'privilege', 'sudoedit edits files as root', c.cmd.span);
  } else if (name === 'crontab' && argv.slice(1).some((w) => /^-[a-zA-Z]*r/.test(w))) {
    flag(c.f, 'destructive', 'crontab -r deletes all your scheduled jobs, with no way back', c.cmd.span, 'hard');
  } else if (name === 'crontab' && !argv.slice(1).some((w) => w === '-l')) {
    flag(c.f, 'code-execution', 'crontab installs commands that run on a schedule', c.cmd.span);
  } else if ((name === 'at' || name === 'batch') && !argv.slice(1).some((w) => /^-[a-zA-Z]*[lcV]/.test(w))) {
    flag(c.f, 'code-execution', `${name} runs shell code later, outside any check`, c.cmd.span);
  }
}
