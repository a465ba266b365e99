// A disk device or a kernel switch named anywhere in a command's words is the same hard deny whatever the program, unless
// the program is known only to read what it is given: an option value or an operand may be where it writes.
import { flag } from '../findings.js';
import { absolutePath, machineHarm } from '../paths.js';
import { knowsReads } from '../operands/read-operands.js';
import { specReading } from '../specs/index.js';
import { wordSpan, type CheckInput } from './context.js';
import { SYSTEM_TOOLS } from './system.js';
import { writeTargets } from './writes.js';

// Programs that only look at devices (list, identify, read their health or contents) or print their words as text.
const DEVICE_READERS = new Set(['lsblk', 'blkid', 'smartctl', 'udevadm', 'findmnt', 'df', 'pv', 'partx', 'lsof', 'fuser', 'echo', 'printf', 'test', '[', 'which', 'type', 'basename', 'dirname', 'realpath', 'readlink', 'command']);
// `--out=/dev/sda`, `of=/dev/sda`, `-o/dev/sda`: the value an option word carries in itself (`if=` is dd's input).
const CARRIED = /^(?:--?[\w-]+=|(?!if=)[a-z]\w*=|-[a-zA-Z])(\/.*)$/;

/** The path words of one argument: the word itself and a value it carries (`--output=/dev/sda`). */
function pathsIn(word: string): string[] {
  const carried = CARRIED.exec(word)?.[1];
  return carried === undefined ? [word] : [word, carried];
}

/**
 * Flags every word that names a disk device or a kernel switch, for a program that may write it: whatever spec or
 * check knows the program's outputs, an unknown option of it may write there (`curl -o /dev/sda`, `openssl enc -out
 * /dev/sda`, `rsync --write-devices x /dev/sda`, `wget --output-document=/dev/nvme0n1`).
 * Threat: the disk-wiping spellings no program-specific check lists.
 */
export function checkDeviceWords(c: CheckInput): void {
  const argv = c.cmd.argv;
  const name = argv[0] ?? '';
  // Readers open what they are given (their output options are writeTargets'); disk tools have checks of their own.
  if ((knowsReads(name) && name !== 'tar') || DEVICE_READERS.has(name) || SYSTEM_TOOLS.has(name) || /^(mkfs|newfs)/.test(name)) return;
  // A program whose every option the specs know, none of them writing (`jq . /dev/sda`, `git log -- /dev/sda`).
  if (specReading(argv)?.unvouched.length === 0) return;
  const known = new Set(writeTargets(argv).map((t) => t.index));
  for (let i = 1; i < argv.length; i++) {
    if (known.has(i) || argv[i]!.startsWith('if=')) continue;
    for (const p of pathsIn(argv[i]!)) {
      const harm = machineHarm(absolutePath(p, c.cwd, c.ctx.home));
      if (harm === null) continue;
      flag(c.f, 'destructive', `${name} is handed ${p}, ${harm}: an output it may write`, wordSpan(c, i), 'hard');
      break;
    }
  }
}
