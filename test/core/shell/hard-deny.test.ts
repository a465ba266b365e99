// Built-in never-allow checks: beyond-recovery destruction in any spelling, and near-misses that must stay ordinary.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze, explain, outcome, ready } from './helpers.js';

beforeAll(ready);

const HARD = [
  'rm -rf /', 'rm -rf /*', 'rm -rf ~', 'rm -rf ~/', 'rm -rf ~/*', 'rm -rf $HOME', 'rm -rf "${HOME}"', 'rm -rf "$HOME/"',
  'rm -fr ~', 'rm -r -f ~', 'rm -Rf ~', 'rm --recursive --force ~', 'rm -r ~', '/bin/rm -rf /', '\\rm -rf /', '"rm" -rf /', "'rm' -rf /",
  'r\\m -rf /', "$'\\x72m' -rf /", 'rm -rf /home', 'rm -rf /Users', 'rm -rf /etc', 'rm -rf /usr', 'rm -rf /var', 'rm -rf /boot', 'rm -rf /lib64',
  'rm -rf /home/u/ws', 'rm -rf .', 'rm -rf ./', 'rm -rf *', 'rm -rf ./*', 'rm -rf ..', 'rm -rf {/,x}', 'rm -rf --no-preserve-root /x',
  'cd / && rm -rf *', 'cd ~ && rm -rf *', 'timeout 5 rm -rf ~', 'nohup rm -rf ~ &', 'xargs rm -rf ~', 'bash -c "rm -rf ~"',
  'sh -c \'cd / && rm -rf *\'', 'eval "rm -rf /"', 'echo $(rm -rf ~)', 'ls; rm -rf ~', 'find / -delete', 'find ~ -exec rm -rf {} +',
  'mkfs.ext4 /dev/sda1', 'mkfs -t ext4 /dev/sdb', 'mke2fs /dev/sdb1', 'wipefs -a /dev/sda', 'fdisk /dev/sda', 'sfdisk /dev/nvme0n1 < t',
  'parted /dev/sda mklabel gpt', 'shred /dev/sda', 'dd if=/dev/zero of=/dev/sda', 'dd of=/dev/nvme0n1 if=x.img', 'cat x > /dev/sda',
  'cp /dev/zero /dev/sda', 'tee /dev/sdb < x', 'chmod -R 777 /', 'chmod -R 000 ~', 'chown -R nobody /', 'chown -R u:u /usr', 'mv ~ /tmp/x',
  ':(){ :|:& };:', 'bomb(){ bomb|bomb& }; bomb', 'f(){ f & f; }; f', 'sudo rm -rf /tmp/x', 'sudo rm x', 'sudo dd if=a of=b',
  'doas shred f', 'sudo sh -c "rm -rf build"', 'sudo kill 1234', 'sudo find . -delete', 'kill -9 -1', 'killall5',
  'sh -c "$(echo rm -rf /)"', "bash -c \"$(printf 'rm -rf ~')\"", 'eval "$(echo rm -rf /)"', 'bash -c "`echo rm -rf ~`"', 'sh -c "$(echo rm -rf) /"',
  "sh -c \"$(printf '%s ' mkfs.ext4 /dev/sda)\"", 'sh -c "$(echo rm -rf "$HOME")"', 'bash -c "$(echo rm -rf ${HOME}/)"',
];

const NOT_HARD = [
  'rm -rf build', 'rm -rf ./build', 'rm -rf ~/proj/tmp', 'rm -rf /tmp/x', 'rm ~/.cache/x', 'rm -f *.o', 'rm -rf src/*',
  'rmdir ~/empty', 'cd build && rm -rf *', 'find . -name "*.pyc" -delete', 'find build -delete', 'chmod -R u+w build', 'chmod 755 ~/bin',
  'mv a b', 'mkfs_helper --help', 'fdisk -l /dev/sda', 'sfdisk -d /dev/sda', 'dd if=/dev/sda of=disk.img', 'dd if=a of=b',
  'cat /dev/sda', 'sudo ls', 'kill 1234', 'kill -9 1234', 'echo "rm -rf /"', 'grep "rm -rf ~" notes.md', "echo ':(){ :|:& };:'", 'f(){ ls; }; f',
  'sh -c "$(echo ls -la)"', 'bash -c "$(printf \'echo rm -rf /\')"', 'sh -c "$(echo rm -rf build)"', 'sh -c "$(echo "$CMD")"', 'sh -c "$(echo rm -rf "$HOME/proj/tmp")"',
];

describe('hard denies', () => {
  it.each(HARD)('%j is never allowed', (command) => {
    const a = analyze(command);
    expect(outcome(a), explain(a)).toBe('hard');
    for (const h of a.hardDenies) {
      expect(h.reason.length).toBeGreaterThan(10);
      expect(h.span).toBeDefined();
    }
  });

  it.each(NOT_HARD)('%j is not a hard deny', (command) => {
    const a = analyze(command);
    expect(a.hardDenies, explain(a)).toEqual([]);
  });

  it('names the check and points at the command', () => {
    const command = 'ls && rm -rf ~';
    const a = analyze(command);
    const h = a.hardDenies[0]!;
    expect(h.reason).toMatch(/home directory/);
    expect(command.slice(h.span!.start, h.span!.end)).toBe('rm -rf ~');
  });
});
