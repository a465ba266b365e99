// File-changing commands: where they write, whether that is their purpose, and what must never be deleted.
import { flag } from '../findings.js';
import { longIs } from '../options.js';
import { absolutePath, isHarmlessSink, isInside, machineHarm, protectedTarget, systemFile } from '../paths.js';
import { plainOperands, wordSpan, type CheckInput } from './context.js';
import { writeTargets } from './writes.js';

/** Whether `rm`/`chmod`/`chown` were asked to recurse (`-r`, `-R`, `--recursive` or a prefix of it). */
export function isRecursive(argv: readonly string[]): boolean {
  return argv.slice(1).some((w) => (w.startsWith('--') ? longIs(w.slice(2), 'recursive') : /^-[a-zA-Z]*[rR]/.test(w)));
}

const NOTHING = /^\/dev\/(null|zero)$/;

/** Programs whose writes destroy what was there (not just add to it). */
const OVERWRITERS = new Set(['dd', 'shred', 'truncate']);

function checkTargets(c: CheckInput): void {
  const argv = c.cmd.argv;
  // `cp /dev/null /etc/passwd`, `ln -sf /dev/null /bin/sh`: the target's contents are replaced by nothing.
  const fromNothing = argv.some((w, i) => i > 0 && NOTHING.test(w));
  for (const t of writeTargets(argv)) {
    if (isHarmlessSink(t.path) && !t.removes) continue;
    const at = wordSpan(c, t.index);
    const abs = absolutePath(t.path, c.cwd, c.ctx.home);
    const harm = machineHarm(abs);
    if (harm !== null) {
      flag(c.f, 'destructive', `${argv[0]} writes ${t.path}, ${harm}`, at, 'hard');
    } else if ((OVERWRITERS.has(argv[0] ?? '') || fromNothing) && systemFile(abs)) {
      flag(c.f, 'destructive', `${argv[0]} destroys the contents of the system file ${t.path}`, at, 'hard');
    } else if (!isInside(abs, c.ctx.cwd)) {
      flag(c.f, 'outside-workspace', `${argv[0]} ${t.removes ? 'removes' : (t.how ?? 'writes')} ${t.path}, outside the workspace`, at);
    } else if (!t.purpose) {
      flag(c.f, 'writes-file', `${argv[0]} ${t.how ?? 'writes'} the file ${t.path}`, at, 'write', abs);
    } else {
      const destroys = t.removes || OVERWRITERS.has(argv[0] ?? '');
      flag(c.f, destroys ? 'destructive' : 'writes-file', `${argv[0]} ${t.removes ? 'deletes' : destroys ? 'overwrites' : 'writes'} ${t.path}`, at, 'risk');
    }
  }
}

function checkRm(c: CheckInput): void {
  const argv = c.cmd.argv;
  const noPreserve = argv.findIndex((w) => w === '--no-preserve-root');
  if (noPreserve >= 0) flag(c.f, 'destructive', 'rm --no-preserve-root switches off the guard against deleting /', wordSpan(c, noPreserve), 'hard');
  if (!isRecursive(argv)) return;
  flag(c.f, 'destructive', 'rm -r deletes whole directory trees', c.cmd.span, 'risk');
  for (const i of plainOperands(argv)) {
    const why = protectedTarget(argv[i]!, c.cwd, c.ctx);
    if (why !== null) flag(c.f, 'destructive', `rm -r ${argv[i]} deletes ${why}`, c.cmd.span, 'hard');
  }
}

// Programs that delete or wipe every file a glob names, without recursing.
const SWEEPERS = new Set(['rm', 'shred', 'truncate', 'unlink']);
// A glob for everything directly in a folder: `~/*`, `/.*`, `"$HOME"/*`.
const WHOLE_FOLDER = /(^|\/)\.?\*$/;

/**
 * `rm -f ~/*`, `shred -u ~/.*`, `truncate -s0 /*`: a deleter handed every file directly in the home folder or the root
 * destroys them without needing `-r`. Threat: the non-recursive spelling of `rm -rf ~/*` past the recursive-only check.
 */
function checkSweep(c: CheckInput): void {
  const argv = c.cmd.argv;
  for (const i of plainOperands(argv)) {
    const op = argv[i]!;
    if (!WHOLE_FOLDER.test(op)) continue;
    const why = protectedTarget(op, c.cwd, c.ctx, false);
    if (why !== null) flag(c.f, 'destructive', `${argv[0]} ${op} destroys ${why}`, c.cmd.span, 'hard');
  }
}

function checkRecursiveOwnership(c: CheckInput): void {
  const argv = c.cmd.argv;
  if (!isRecursive(argv)) return;
  const ops = plainOperands(argv).filter((i) => !/^-[RcfvhHLP]+$/.test(argv[i]!));
  for (const i of ops.slice(1)) {
    const why = protectedTarget(argv[i]!, c.cwd, c.ctx, false);
    if (why !== null) flag(c.f, 'destructive', `${argv[0]} -R on ${argv[i]} changes ${why}, breaking the system or your account`, c.cmd.span, 'hard');
  }
}

function checkMv(c: CheckInput): void {
  const argv = c.cmd.argv;
  for (const t of writeTargets(argv).filter((x) => x.removes)) {
    const why = protectedTarget(t.path, c.cwd, c.ctx, false);
    if (why !== null) flag(c.f, 'destructive', `mv ${t.path} moves away ${why}`, c.cmd.span, 'hard');
  }
}

/**
 * `rsync --delete SRC DEST` makes DEST look like SRC, deleting the rest: into the root, a system folder or home it is `rm -rf`.
 * Threat: `rsync -a --delete empty/ ~/`, `rsync --delete-before x/ /usr/`, `rsync --remove-source-files -a ~/ /tmp/x`.
 */
function checkRsync(c: CheckInput): void {
  const argv = c.cmd.argv;
  const remote = (i: number): boolean => /^[^/]*:/.test(argv[i]!);
  const ops = plainOperands(argv).filter((i) => !/^-/.test(argv[i]!));
  const dest = ops.at(-1);
  if (dest === undefined || ops.length < 2) return;
  const guarded = (i: number): string | null => (remote(i) ? null : protectedTarget(argv[i]!.replace(/\/+$/, '') || '/', c.cwd, c.ctx));
  const into = argv.some((w) => /^--(delete|del$)/.test(w)) ? guarded(dest) : null;
  if (into !== null) flag(c.f, 'destructive', `rsync --delete into ${argv[dest]} deletes ${into}`, c.cmd.span, 'hard');
  if (!argv.includes('--remove-source-files')) return;
  // `rsync --remove-source-files -a /usr/ /tmp/x` empties what it copies from.
  for (const i of ops.slice(0, -1)) {
    const from = guarded(i);
    if (from !== null) flag(c.f, 'destructive', `rsync --remove-source-files from ${argv[i]} deletes ${from}`, c.cmd.span, 'hard');
  }
}

/**
 * Flags writes by file tools: onto disks (hard deny), outside the workspace, hidden in readers, and deletions beyond recovery.
 * Threat: `rm -rf ~` in any spelling, `chmod -R 777 /`, `mv ~ /tmp/x`, `dd of=/dev/sda`, `sort -o ~/.bashrc`.
 */
export function checkFiles(c: CheckInput): void {
  checkTargets(c);
  const name = c.cmd.argv[0];
  if (SWEEPERS.has(name ?? '')) checkSweep(c);
  if (name === 'rm') checkRm(c);
  else if (name === 'chmod' || name === 'chown' || name === 'chgrp') checkRecursiveOwnership(c);
  else if (name === 'mv') checkMv(c);
  else if (name === 'rsync') checkRsync(c);
}
