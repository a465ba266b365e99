// `gatehouse audit query|export|verify`: read, export and check the audit log of GATEHOUSE_HOME's database.
import { createWriteStream, linkSync, lstatSync, openSync, renameSync, rmSync } from 'node:fs';
import { inertText } from '../../../common/inert.js';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { ExportFormat } from '../../../common/api.js';
import type { AuditEntry, AuditFilter } from '../../../common/domain.js';
import { exportAudit, type VerifyReport } from '../store/index.js';
import { openHomeStore, runCommand, timeArg, UsageError, type CliIo } from './store-cli.js';

const USAGE = `usage:
  gatehouse audit query [filters] [--limit N] [--cursor C] [--json]
  gatehouse audit export --format csv|json|ndjson [--out NEW-FILE [--force]] [filters]
  gatehouse audit verify

filters: --from T --to T (ISO time, or 30m/2h/7d ago) --agent A --session ID --cwd DIR --tool NAME
         --status pending|approved|denied|expired|cancelled --decided-by rule|user|session|mode|timeout|shutdown|policy|agent
         --rule ID --q TEXT (full-text search; words after the options are searched too)
`;

const FILTER_OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  agent: { type: 'string' },
  session: { type: 'string' },
  cwd: { type: 'string' },
  tool: { type: 'string' },
  status: { type: 'string' },
  'decided-by': { type: 'string' },
  rule: { type: 'string' },
  q: { type: 'string' },
} as const;

type Flags = Partial<Record<keyof typeof FILTER_OPTIONS, string>>;

/** Turns the filter flags into an AuditFilter (the store validates the values). */
function filterOf(flags: Flags, words: string[]): AuditFilter {
  const filter: AuditFilter = {};
  if (flags.from !== undefined) filter.from = timeArg(flags.from, -1, '--from');
  if (flags.to !== undefined) filter.to = timeArg(flags.to, -1, '--to');
  if (flags.agent !== undefined) filter.agent = flags.agent;
  if (flags.session !== undefined) filter.session_id = flags.session;
  if (flags.cwd !== undefined) filter.cwd = resolve(flags.cwd);
  if (flags.tool !== undefined) filter.tool_name = flags.tool;
  if (flags.status !== undefined) filter.status = flags.status as AuditFilter['status'] & string;
  if (flags['decided-by'] !== undefined) filter.decided_by = flags['decided-by'] as AuditFilter['decided_by'] & string;
  if (flags.rule !== undefined) filter.rule_id = flags.rule;
  const q = [flags.q, ...words].filter((w) => w !== undefined && w !== '').join(' ');
  if (q !== '') filter.q = q;
  return filter;
}

/** Agent-supplied text as the terminal must show it: escapes, bidi and invisible characters as visible stand-ins. */
const inert = (text: string): string => inertText(text, { singleLine: true, codePoints: true });

const line = (e: AuditEntry): string =>
  [`#${e.seq}`, e.received_at.replace('T', ' ').slice(0, 19), e.status.padEnd(9), (e.decided_by ?? '-').padEnd(8), inert(e.tool_name), inert(e.summary)].join('  ');

function query(io: CliIo, argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...FILTER_OPTIONS, limit: { type: 'string' }, cursor: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
  });
  const filter = filterOf(values, positionals);
  if (values.limit !== undefined) {
    filter.limit = Number(values.limit);
    if (!Number.isInteger(filter.limit) || filter.limit < 1) throw new UsageError(`--limit must be a whole number from 1, got ${JSON.stringify(values.limit)}`);
  }
  if (values.cursor !== undefined) filter.cursor = values.cursor;
  const store = openHomeStore(io.env, true);
  try {
    const page = store.queryAudit(filter);
    if (values.json) {
      io.stdout(`${JSON.stringify(page)}\n`);
      return 0;
    }
    for (const e of page.entries) io.stdout(`${line(e)}\n`);
    if (page.entries.length === 0) io.stdout('no matching audit entries\n');
    if (page.next_cursor) io.stdout(`more: add --cursor ${page.next_cursor}\n`);
    return 0;
  } finally {
    store.close();
  }
}

/** A Writable over io.stdout, for when the caller gave no stream (no backpressure: fine for tests and small exports). */
const stdoutWriter = (io: CliIo): Writable =>
  io.stdoutStream ??
  new Writable({
    write(chunk: Buffer, _enc, cb) {
      io.stdout(chunk.toString('utf8'));
      cb();
    },
  });

/** Throws unless the export may write `target`: nothing there, or (with --force) a regular file. Links and devices never. */
function refuseToReplace(target: string, force: boolean): void {
  let kind: string;
  try {
    const st = lstatSync(target);
    if (st.isFile()) {
      if (force) return;
      kind = 'a file that already exists (add --force to replace it)';
    } else kind = st.isSymbolicLink() ? 'a symbolic link' : st.isDirectory() ? 'a folder' : 'a device, pipe or socket';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  throw new UsageError(`refusing to write ${target}: it is ${kind}; choose a new file name`);
}

async function exportCommand(io: CliIo, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...FILTER_OPTIONS, format: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' } },
    allowPositionals: true,
  });
  const format = values.format;
  if (format !== 'csv' && format !== 'json' && format !== 'ndjson') throw new UsageError('--format csv|json|ndjson is required');
  const filter = filterOf(values, positionals);
  const store = openHomeStore(io.env, true);
  try {
    if (values.out === undefined) {
      await exportAudit(store, filter, format as ExportFormat, stdoutWriter(io));
      return 0;
    }
    // Written beside the target and moved there at the end, so a failed export never leaves a half file under the
    // real name; what is already at the path is never replaced unless it is a regular file and --force says so.
    const target = resolve(values.out);
    refuseToReplace(target, values.force === true);
    const partial = `${target}.partial-${process.pid}`;
    let fd: number;
    try {
      fd = openSync(partial, 'wx', 0o600);
    } catch (err) {
      throw new Error(`cannot write ${target}: ${(err as Error).message}`);
    }
    const file = createWriteStream('', { fd });
    const closed = finished(file);
    try {
      const rows = await exportAudit(store, filter, format as ExportFormat, file);
      file.end();
      await closed;
      if (values.force === true) renameSync(partial, target);
      else {
        // link() fails if anything appeared at the path meanwhile: no clobbering, even racing.
        linkSync(partial, target);
        rmSync(partial);
      }
      io.stderr(`exported ${rows} audit entries to ${target}\n`);
      return 0;
    } catch (err) {
      file.destroy();
      await closed.catch(() => undefined); // the export's own error is the one to report
      rmSync(partial, { force: true });
      throw err;
    }
  } finally {
    store.close();
  }
}

/** The verify report in words. */
export function describeVerify(report: VerifyReport): string {
  if (report.ok) {
    const cut = report.cut_point === null ? '' : ` (entries up to #${report.cut_point.split(':')[0]} were removed by retention)`;
    return `all ${report.checked} entries check out${cut}`;
  }
  const which = `audit entry #${report.first_bad_seq}${report.first_bad_id ? ` (${report.first_bad_id})` : ''}`;
  const what = report.problem === 'missing' ? 'is missing: it was removed' : 'was altered after it was written';
  return `${which} ${what}; the ${report.checked} entries before it check out`;
}

function verify(io: CliIo, argv: string[]): number {
  parseArgs({ args: argv, options: {} });
  const store = openHomeStore(io.env, true);
  try {
    const report = store.verifyAudit();
    if (report.ok) io.stdout(`${describeVerify(report)}\n`);
    else io.stderr(`${describeVerify(report)}\n`);
    return report.ok ? 0 : 1;
  } finally {
    store.close();
  }
}

/** Entry point of `gatehouse audit …` (argv after "audit"); returns the exit code. */
export function runAudit(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  return runCommand(io, 'audit', USAGE, () => {
    switch (sub) {
      case 'query':
        return query(io, rest);
      case 'export':
        return exportCommand(io, rest);
      case 'verify':
        return verify(io, rest);
      default:
        throw new UsageError(sub === undefined ? 'missing subcommand' : `unknown subcommand ${JSON.stringify(sub)}`);
    }
  });
}
