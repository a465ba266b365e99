// tar's options that run programs, and its modes that write: `tar:*` is usually meant for listing archives.
import { flag } from '../findings.js';
import { isOneOf, scanArgs, type OptSpec } from '../options.js';
import { absolutePath, isHarmlessSink, isInside } from '../paths.js';
import { wordsSpan, type CheckInput } from './context.js';

const VALUE_LETTERS = 'fCbTXIFLNVgKH';
const TAR: OptSpec = {
  shortValue: VALUE_LETTERS,
  longValue: [
    'file', 'directory', 'blocking-factor', 'files-from', 'exclude-from', 'use-compress-program', 'info-script',
    'new-volume-script', 'tape-length', 'newer', 'label', 'listed-incremental', 'starting-file', 'format', 'to-command',
    'checkpoint-action', 'rsh-command', 'rmt-command', 'owner', 'group', 'mode', 'mtime', 'transform', 'xform', 'exclude', 'add-file',
  ],
};
const RUNS = ['to-command', 'use-compress-program', 'I', 'rsh-command', 'rmt-command', 'info-script', 'new-volume-script', 'F'];
const WRITES_ARCHIVE = ['c', 'create', 'r', 'append', 'u', 'update', 'A', 'catenate', 'concatenate', 'delete'];

/** `tar xzf a.tgz` (old style, no dash) as `tar -x -z -f a.tgz`, keeping word indexes for spans. */
function normalized(argv: readonly string[]): { words: string[]; index: number[] } {
  const first = argv[1];
  if (first === undefined || first.startsWith('-')) return { words: [...argv], index: argv.map((_, i) => i) };
  const words = [argv[0]!];
  const index = [0];
  let next = 2;
  for (const letter of first) {
    words.push(`-${letter}`);
    index.push(1);
    if (VALUE_LETTERS.includes(letter) && next < argv.length) {
      words.push(argv[next]!);
      index.push(next++);
    }
  }
  for (; next < argv.length; next++) {
    words.push(argv[next]!);
    index.push(next);
  }
  return { words, index };
}

const READS_ARCHIVE = ['t', 'list', 'x', 'extract', 'get', 'd', 'diff', 'compare'];

/**
 * The paths tar reads: the archive it lists or extracts, the files it packs (below `-C DIR` when given), and name lists
 * (`-T`, `-X`). Threat: `tar -czf - ~/.ssh` under `Bash(tar:*)` streams the keys to the agent.
 */
export function tarReadOperands(argv: readonly string[]): string[] {
  const { words } = normalized(argv);
  const scan = scanArgs(words, 1, TAR);
  const out: string[] = [];
  const archive = scan.opts.find((o) => isOneOf(o, ['f', 'file']))?.value;
  if (archive !== undefined && scan.opts.some((o) => isOneOf(o, READS_ARCHIVE))) out.push(archive);
  // `--add-file=F` packs F like an operand (a name starting with a dash).
  for (const o of scan.opts) if (isOneOf(o, ['T', 'files-from', 'X', 'exclude-from', 'add-file']) && o.value) out.push(o.value);
  if (scan.opts.some((o) => isOneOf(o, WRITES_ARCHIVE))) {
    const dir = scan.opts.find((o) => isOneOf(o, ['C', 'directory']))?.value;
    for (const i of scan.operands) {
      const w = words[i]!;
      out.push(dir !== undefined && !w.startsWith('/') && !w.startsWith('~') ? `${dir}/${w}` : w);
    }
  }
  return out;
}

/**
 * Flags tar options that run programs and modes that write files (extracting overwrites; creating writes the archive).
 * Threat: `tar -xf a.tar --to-command='sh -c …'`, `tar --checkpoint-action=exec=…`, `tar -I 'sh -c …'`, `tar xf a.tar -C ~`.
 */
export function checkTar(c: CheckInput): void {
  const { words, index } = normalized(c.cmd.argv);
  const scan = scanArgs(words, 1, TAR);
  const at = (i: number, j = i) => wordsSpan(c, index[i] ?? 0, index[j] ?? 0);
  const archiveOpt = scan.opts.find((o) => isOneOf(o, ['f', 'file']));
  const archive = archiveOpt?.value;
  // GNU tar opens an archive named `host:file` on that host through rsh/ssh, unless told --force-local.
  if (archiveOpt && archive !== undefined && /^[^/]*:/.test(archive) && !scan.opts.some((o) => isOneOf(o, ['force-local']))) {
    flag(c.f, 'network', `tar -f ${archive} opens the archive on another machine through a remote shell`, at(archiveOpt.index, archiveOpt.valueIndex));
  }
  for (const o of scan.opts) {
    const opt = `${o.long ? '--' : '-'}${o.name}`;
    if (isOneOf(o, RUNS) || (isOneOf(o, ['checkpoint-action']) && /exec/.test(o.value ?? ''))) {
      flag(c.f, 'code-execution', `tar ${opt} ${o.value ?? ''} runs a program`, at(o.index, o.valueIndex));
      if (o.value) c.scripts.push({ text: o.value.replace(/^exec=/, ''), via: 'tar' });
    } else if (isOneOf(o, ['x', 'extract', 'get']) && !scan.opts.some((x) => isOneOf(x, ['O', 'to-stdout']))) {
      flag(c.f, 'writes-file', 'tar extract writes (and may overwrite) files', at(o.index));
    } else if (isOneOf(o, WRITES_ARCHIVE) && archive !== undefined && archive !== '-' && !isHarmlessSink(archive)) {
      flag(c.f, 'writes-file', `tar ${opt} writes the archive ${archive}`, at(o.index));
    } else if (isOneOf(o, ['remove-files'])) {
      flag(c.f, 'destructive', 'tar --remove-files deletes the files it archives', at(o.index));
    } else if (isOneOf(o, ['C', 'directory']) && o.value !== undefined) {
      if (!isInside(absolutePath(o.value, c.cwd, c.ctx.home), c.ctx.cwd)) {
        flag(c.f, 'outside-workspace', `tar ${opt} ${o.value} works in a directory outside the workspace`, at(o.index, o.valueIndex));
      }
    }
  }
}
