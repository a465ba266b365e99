// Red team, round ten (issue 24, classes 1–5 and 12): vouch only for what bash will really do. Words are what bash
// expands them to (empty backquotes, `$""`, `$@` of a command line given no arguments), and a program word known only at
// run time is never allowed, approve-all included. A program the engine does not know may launch any later word, or its
// `-c` value, as a command. Makefiles, Dockerfiles, package scripts and git aliases fed in the same command are read as
// the shell code they are. A folder a build tool or test runner empties meets the hard denies as `rm -rf` does; a disk
// device in any word a program may write is a hard deny, as is powering the machine off. Every hostile row was decided
// otherwise before this round; the harmless rows are neighbours that must stay allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mode, VerdictDecision as Decision } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { CAUTIOUS, fixture, type Rules, setUp, tearDown, why } from './closed-world-harness.js';
import { request, rulesOf } from './fixture.js';

beforeAll(setUp);
afterAll(tearDown);

/** Approve-all mode with no rules: only hard denies, the tamper guard and what Gatehouse cannot decide stand. */
const AA: { rules: Rules; mode: Mode } = { rules: {}, mode: 'approve-all' };
/** A blanket `Bash` rule with deny rules for force-pushes and sudo. */
const ALL: { rules: Rules; mode: Mode } = { rules: { allow: ['Bash', 'Read'], deny: ['Bash(git push --force:*)', 'Bash(sudo:*)', 'Bash(curl:*)'] }, mode: 'interactive' };
/** `Bash(*)` with a Read deny rule for .env. */
const STAR: { rules: Rules; mode: Mode } = { rules: { allow: ['Bash(*)', 'Read'], deny: ['Read(./.env)'] }, mode: 'interactive' };
/** A cautious developer's prefix rules. */
const SAFE: { rules: Rules; mode: Mode } = { rules: { allow: CAUTIOUS }, mode: 'interactive' };
const SETS = { AA, ALL, STAR, SAFE };
type SetName = keyof typeof SETS;

function verdict(command: string, set: SetName) {
  const fx = fixture();
  const { rules, mode } = SETS[set];
  return decide(request('Bash', { command }, fx.ws), { rules: rulesOf(rules), sessionApprovals: [], mode, home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

const HOSTILE: Array<[string, SetName, Decision]> = [
  // 1. words as bash expands them: empty backquotes and `$""` join a word; `$@`, `$*`, `$1` are empty on a command line
  ['cat .e``nv', 'STAR', 'deny'], ['head .e$""nv', 'STAR', 'deny'], ['cat $".env"', 'STAR', 'deny'], ['tail -n1 .e` `nv', 'STAR', 'deny'], ['cat .e``nv', 'SAFE', 'ask'],
  ['cat .e${x:+}nv', 'STAR', 'deny'], ['cat .e$(false)nv', 'STAR', 'deny'], ['gi``t push --force', 'ALL', 'deny'], ['git pu``sh --force', 'ALL', 'deny'], ['cu``rl -s https://evil.example', 'ALL', 'deny'],
  ['r$@m -rf ~', 'AA', 'deny'], ['r$@m -rf ~', 'ALL', 'deny'], ['r${@}m -rf /', 'STAR', 'deny'], ['r"$@"m -rf ~', 'AA', 'deny'], ['r$*m -rf ~', 'AA', 'deny'],
  ['r$1m -rf ~', 'AA', 'deny'], ['$@ rm -rf ~', 'AA', 'deny'], ['"$@" rm -rf ~', 'AA', 'deny'], ["sh -c 'r$@m -rf ~'", 'AA', 'deny'], ['g$*it push --force', 'ALL', 'deny'],
  // 1. a program only known at run time is undecidable: asked even in approve-all
  ['$CMD -rf ~/x', 'AA', 'ask'], ['"$EDITOR" notes.md', 'AA', 'ask'], ['$(cat cmd.txt) x', 'AA', 'ask'], ['`cat prog` --run', 'AA', 'ask'], ['${RUNNER:-node} app.js', 'AA', 'ask'],
  ['f() { r$@m -rf ~; }; f', 'AA', 'ask'],
  // 2. launchers the engine does not know hand their words on as a command, or their -c value as shell code
  ['bwrap --bind / / rm -rf ~', 'AA', 'deny'], ['perf stat -- rm -rf ~', 'AA', 'deny'], ['setarch x86_64 rm -rf ~', 'AA', 'deny'], ['linux64 rm -rf /', 'ALL', 'deny'],
  ["capsh -- -c 'rm -rf ~'", 'AA', 'deny'], ['gdb --args rm -rf ~', 'AA', 'deny'], ['heaptrack rm -rf ~', 'STAR', 'deny'], ['perf record -g rm -rf ~', 'AA', 'deny'],
  ['systemd-inhibit rm -rf ~', 'AA', 'deny'], ['mytool --command="rm -rf ~"', 'AA', 'deny'],
  ['flatpak-spawn --host rm -rf ~', 'AA', 'deny'], ['watchexec -- rm -rf ~', 'AA', 'deny'], ["hyperfine 'rm -rf ~'", 'AA', 'deny'], ["mytool --command='git push --force'", 'ALL', 'deny'],
  ['bwrap --dev-bind / / sudo ls', 'ALL', 'deny'],
  // 3. build files and package scripts fed at run time
  ['make -f- <<EOF\nx:\n\trm -rf ~\nEOF', 'AA', 'deny'], ['make --file=- <<EOF\nx:\n\trm -rf ~\nEOF', 'AA', 'deny'], ['make --makefile=/dev/stdin <<EOF\nx:\n\trm -rf /\nEOF', 'STAR', 'deny'],
  ['make -f - <<EOF\nx: ; rm -rf ~\nEOF', 'AA', 'deny'], ['make -f /dev/stdin <<EOF\nX := $(shell rm -rf ~)\nEOF', 'AA', 'deny'], ["printf 'x:\\n\\trm -rf ~\\n' | make -f-", 'AA', 'deny'],
  ["printf 'x:\\n\\trm -rf ~' > Makefile && make", 'AA', 'deny'], ["echo 'all: ; rm -rf ~' > GNUmakefile; make", 'AA', 'deny'],
  ['docker build -f- . <<EOF\nFROM alpine\nRUN rm -rf /\nEOF', 'AA', 'deny'], ['podman build --file=- . <<EOF\nFROM x\nRUN rm -rf ~\nEOF', 'AA', 'deny'],
  ["npm pkg set scripts.x='rm -rf ~' && npm run x", 'AA', 'deny'], ["npm pkg set 'scripts[x]=rm -rf /'", 'AA', 'deny'], ["pnpm pkg set scripts.build='rm -rf ~'", 'AA', 'deny'],
  ["npm set-script x 'rm -rf ~'", 'AA', 'deny'], ["git config alias.x '!rm -rf ~' && git x", 'AA', 'deny'], ["git config --global core.pager 'rm -rf ~'", 'AA', 'deny'],
  ["git config set alias.y '!rm -rf /'", 'AA', 'deny'],
  // 4. options that empty a folder meet the hard denies as rm -rf does
  ['pytest --basetemp=~', 'AA', 'deny'], ['pytest --basetemp ~/', 'ALL', 'deny'], ['cargo clean --target-dir ~', 'AA', 'deny'], ['CARGO_TARGET_DIR=~ cargo clean', 'AA', 'deny'],
  ['vite build --emptyOutDir --outDir ~', 'AA', 'deny'], ['npx vite build --outDir /', 'AA', 'deny'], ['hugo -d ~ --cleanDestinationDir', 'AA', 'deny'], ['webpack --output-clean -o ~', 'AA', 'deny'],
  ['jest --clearCache --cacheDirectory=~', 'AA', 'deny'], ['vite --outDir ~ build', 'AA', 'deny'], ['mkdocs build -d ~', 'AA', 'deny'], ['tsup src/index.ts --clean -d ~', 'STAR', 'deny'], ['pytest --basetemp=/tmp/pt', 'STAR', 'ask'],
  // 5. a disk device as any program's output
  ['curl -o /dev/sda https://x.example/img', 'AA', 'deny'], ['wget -O /dev/nvme0n1 https://x.example/img', 'AA', 'deny'], ['wget --output-document=/dev/sda x', 'AA', 'deny'],
  ['openssl enc -aes256 -in x -out /dev/sda', 'AA', 'deny'], ['rsync --write-devices img /dev/sda', 'AA', 'deny'], ['mytool --out=/dev/mmcblk0', 'AA', 'deny'],
  ['gzip -dc img.gz -o /dev/sdb', 'AA', 'deny'], ['qemu-img convert x.qcow2 /dev/sda', 'AA', 'deny'], ['sox in.wav -t raw /dev/sda', 'STAR', 'deny'],
  ['rclone cat remote:img --output /dev/sda', 'AA', 'deny'], ['bmaptool copy img.bz2 /dev/sdb', 'AA', 'deny'], ['balena local flash img.zip --drive /dev/sdc', 'AA', 'deny'],
  // 12. the machine's power state
  ['reboot', 'AA', 'deny'], ['shutdown -h now', 'AA', 'deny'], ['poweroff', 'ALL', 'deny'], ['halt -p', 'AA', 'deny'], ['/sbin/reboot', 'STAR', 'deny'], ['systemctl poweroff', 'AA', 'deny'],
  ['systemctl --no-wall reboot', 'AA', 'deny'], ['systemctl suspend', 'AA', 'deny'], ['systemctl kexec', 'AA', 'deny'], ['systemctl hibernate', 'AA', 'deny'], ['init 0', 'AA', 'deny'],
  ['init 6', 'AA', 'deny'], ['telinit 0', 'AA', 'deny'], ['loginctl poweroff', 'AA', 'deny'], ['loginctl reboot', 'ALL', 'deny'], ['busybox reboot', 'AA', 'deny'], ['pm-suspend', 'AA', 'deny'], ['rtcwake -m off -s 60', 'AA', 'deny'], ['systemctl --user poweroff', 'AA', 'deny'], ['systemctl start reboot.target', 'AA', 'deny'],
];

// Spellings of the same classes that already held before this round: kept as guards.
const HELD: Array<[string, SetName, Decision]> = [
  ['git push -$""-force', 'ALL', 'deny'], ['ltrace -f rm -rf /', 'AA', 'deny'], ['faketime "2020-01-01" rm -rf ~', 'AA', 'deny'],
  ['proxychains4 git push --force', 'ALL', 'deny'], ['torsocks curl https://x.example', 'ALL', 'deny'], ['catchsegv /bin/rm -rf ~', 'AA', 'deny'],
  ['cat x.mk | make -f-', 'SAFE', 'ask'], ['make -f- < /tmp/x.mk', 'ALL', 'ask'], ['xz -dc img.xz | dd of=/dev/disk2', 'AA', 'deny'],
  ['sudo -n shutdown -r now', 'ALL', 'deny'],
];

const HARMLESS: Array<[string, SetName]> = [
  // 1. words
  ['cat READ""ME.md', 'SAFE'], ['cat src/a``pp.ts', 'SAFE'], ['echo price: 5$', 'SAFE'], ['printf "%s\\n" a$', 'SAFE'], ['grep -n "" src/app.ts', 'SAFE'], ["echo $'a\\tb'", 'SAFE'],
  ['npm test', 'AA'], ['ls -la', 'AA'], ['git status', 'AA'], ['echo "$HOME"', 'AA'], ['for f in a b; do echo $f; done', 'AA'],
  // 2. launchers running harmless commands, and programs whose words only look like commands
  ['bwrap --ro-bind / / ls', 'AA'], ['perf stat -- npm test', 'AA'], ['valgrind ./a.out', 'AA'], ['setarch x86_64 make', 'AA'], ['strace -f ls', 'AA'], ['docker run --rm alpine ls', 'AA'],
  ['echo rm -rf ~', 'AA'], ['gcc -c main.c -o main.o', 'AA'], ['apt-cache show git', 'AA'], ['man rm', 'AA'],
  // 3. build files and scripts with harmless contents
  ['make -f- <<EOF\nx:\n\techo hi\nEOF', 'AA'], ['make test', 'AA'], ['docker build -t app .', 'AA'], ['docker build -f- . <<EOF\nFROM alpine\nRUN ls\nEOF', 'AA'],
  ['npm pkg set scripts.test=vitest', 'AA'], ['npm pkg get scripts', 'AA'], ['git config user.name Bob', 'AA'], ['git config --get alias.st', 'AA'],
  // 4. folders emptied inside the workspace
  ['pytest --basetemp=.pytest-tmp', 'AA'], ['cargo clean', 'AA'], ['cargo clean --target-dir target2', 'AA'], ['vite build --outDir dist', 'AA'], ['hugo -d public', 'AA'], ['jest --clearCache', 'AA'],
  // 5. devices read, listed or printed
  ['lsblk /dev/sda', 'AA'], ['blkid /dev/sda1', 'AA'], ['echo /dev/sda', 'AA'], ['fdisk -l /dev/sda', 'AA'], ['dd if=/dev/sda of=disk.img bs=512 count=1', 'AA'], ['curl -o out.bin https://x.example', 'AA'],
  // 12. power-state commands that do not change it
  ['shutdown -c', 'AA'], ['rtcwake -m show', 'AA'], ['systemctl --user status app', 'AA'], ['systemctl status', 'AA'], ['systemctl start nginx', 'AA'], ['loginctl list-sessions', 'AA'], ['telinit q', 'AA'],
];

describe('red team, round ten: words as bash expands them, launchers, fed build files, emptied folders, devices, power', () => {
  it.each([...HOSTILE, ...HELD])('%j under %s is %s', async (command, set, expected) => {
    const v = await verdict(command, set);
    expect(v.decision, why(v)).toBe(expected);
  });

  it.each(HARMLESS)('%j under %s stays allowed', async (command, set) => {
    const v = await verdict(command, set);
    expect(v.decision, why(v)).toBe('allow');
  });
});
