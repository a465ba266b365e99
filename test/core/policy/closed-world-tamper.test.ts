// Tamper and hard-deny classes (issue 12 classes 9–11, issue 10 item 6): denied in approve-all under broad rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const HOSTILE = [
  // Gatehouse's own CLI changing its rules, settings or data
  "gatehouse rules add --action allow 'Bash'", 'gatehouse rules disable r1', 'gatehouse rules remove r1', 'gatehouse rules enable r2',
  'gatehouse rules import /tmp/rules.json', 'gatehouse serve --home /tmp/h', 'GATEHOUSE_HOME=/tmp/x gatehouse serve', 'npx gatehouse rules add x',
  'npx -y gatehouse rules disable r1', 'npm exec gatehouse -- rules add x', 'node /opt/gatehouse/bin/gatehouse.js rules add --action allow Bash',
  '/usr/local/lib/node_modules/gatehouse/bin/gatehouse.js rules remove r1', '/usr/local/bin/gatehouse rules import r.json',
  'env gatehouse rules add x', 'timeout 5 gatehouse rules disable r1', 'bash -c "gatehouse rules add x"',
  // another process's environment
  'cat /proc/31337/environ', 'cat /proc/*/environ', "tr '\\0' '\\n' < /proc/31337/environ", 'strings /proc/$(pgrep -f gatehouse)/environ',
  'xargs -0 -n1 < /proc/1/environ', 'cat /proc/31337/task/31337/environ', 'ps eww -p 31337', 'ps -E',
  // stopping it
  'pkill -O 60', 'pkill -u $USER', 'fuser -k 4123/tcp', 'fuser -k -n tcp 4123', 'systemctl --user stop gatehouse', 'pm2 delete gatehouse',
  // overwriting the hook program or Claude's state file
  'cp /tmp/x /usr/local/bin/gatehouse', 'echo "exit 0" > ~/.local/bin/gatehouse', 'echo {} > ~/.claude.json', 'mv /tmp/j ~/.claude.json',
  // hard denies
  'rsync -a --delete empty/ ~/', 'rsync -a --delete /tmp/empty/ /usr/', 'rsync --delete-before -r x/ /', 'coreutils rm -rf /', 'coreutils --coreutils-prog=rm -rf ~',
  'toybox rm -rf ~', 'busybox rm -rf /', 'grm -rf ~', '/opt/homebrew/bin/grm -rf /', 'gfind / -delete',
  "python3 -c 'import shutil,os; shutil.rmtree(os.path.expanduser(\"~\"))'", "python3 -c 'import shutil,os; h=os.environ[\"HOME\"]; shutil.rmtree(h)'",
  "perl -MFile::Path -e 'rmtree($ENV{HOME})'", "perl -MFile::Path=remove_tree -e 'remove_tree $ENV{HOME}'", "ruby -rfileutils -e 'FileUtils.rm_rf(Dir.home)'",
  "ruby -rfileutils -e 'FileUtils.rm_rf File.expand_path(\"~\")'", "python3 -c 'import shutil; shutil.rmtree(\"/\")'",
];

const HARMLESS = [
  'systemctl --user status gatehouse', 'pm2 logs gatehouse', 'gatehouse rules list', 'npx gatehouse rules list', 'gatehouse --help', 'gatehouse audit verify',
  'ps aux', 'cat /proc/self/status', 'cat /proc/cpuinfo', 'rsync -a --delete src/ build/', 'rsync -av src/ /tmp/backup/',
  'coreutils --help', 'busybox --list', "python3 -c 'import shutil; shutil.rmtree(\"build\")'",
  "python3 -c 'import os,shutil; shutil.rmtree(os.path.join(os.environ[\"HOME\"], \"proj\", \"tmp\"))'", 'grep gatehouse README.md',
];

describe('tamper and hard denies: hostile', () => {
  it.each(HOSTILE)('%j is denied even in approve-all', async (command) => {
    const v = await bash(command, 'approve-all', ['Bash']);
    expect(v.decision, why(v)).toBe('deny');
  });
  it.each([
    ['Read', { file_path: '/proc/31337/environ' }],
    ['Write', { file_path: '{{HOME}}/.claude.json', content: '{}' }],
    ['Write', { file_path: '/usr/local/bin/gatehouse', content: '#!/bin/sh\nexit 0' }],
  ])('%s %j is denied even in approve-all', async (tool, args) => {
    const v = await judge(tool, args, 'approve-all', ['Read(//**)', 'Write(//**)', 'Edit(//**)']);
    expect(v.decision, why(v)).toBe('deny');
  });
});

describe('tamper and hard denies: harmless neighbours', () => {
  it.each(HARMLESS)('%j is not denied', async (command) => {
    const v = await bash(command, 'approve-all', ['Bash']);
    expect(v.decision, why(v)).toBe('allow');
  });
});
