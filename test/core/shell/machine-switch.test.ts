// Writing a kernel switch that crashes, restarts or suspends the machine at once is a hard deny, however it is spelled;
// reading one is harmless.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand, initShellParser } from '../../../main/core/shell/index.js';
import { isMachineSwitch } from '../../../main/core/shell/paths.js';

beforeAll(async () => {
  await initShellParser();
});

describe('isMachineSwitch', () => {
  it.each([
    ['/proc/sysrq-trigger', true], ['/proc/self/root/proc/sysrq-trigger', true], ['/proc//sysrq-trigger', true], ['/sys/power/state', true], ['/sys/power/../power/state', true],
    ['/proc/sys/kernel/sysrq', false], ['/proc/cpuinfo', false], ['/sys/power/mem_sleep', false], ['/tmp/sysrq-trigger', false],
  ] as const)('%s → %s', (p, expected) => {
    expect(isMachineSwitch(p)).toBe(expected);
  });
});

describe('writing a machine switch', () => {
  const ctx = { cwd: '/home/u/ws', home: '/home/u' };
  it.each(['echo c > /proc/sysrq-trigger', 'echo b | tee /proc/sysrq-trigger', 'printf o >/proc/self/root/proc/sysrq-trigger', 'echo mem > /sys/power/state', 'dd of=/proc/sysrq-trigger <<< c', 'cd /proc && echo c > sysrq-trigger'])(
    '%s is a hard deny', (command) => {
      expect(analyzeShellCommand(command, ctx).hardDenies).not.toEqual([]);
    },
  );

  it.each(['cat /proc/sysrq-trigger', 'cat /sys/power/state', 'echo c > sysrq-trigger.txt'])('%s is not', (command) => {
    expect(analyzeShellCommand(command, ctx).hardDenies).toEqual([]);
  });
});
