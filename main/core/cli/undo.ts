// `gatehouse undo <request-id> [--yes] [--back-to-here]` and `gatehouse undo --session S`: shows what will come back,
// then restores it. Through the running Gatehouse (with the approver token, GATEHOUSE_APPROVER_TOKEN) when one runs,
// else by opening GATEHOUSE_HOME itself (which also keeps a Gatehouse from starting meanwhile).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { inertText } from '../../../common/inert.js';
import type { UndoOptions, UndoReport } from '../../../common/undo.js';
import { readEndpoint } from '../endpoint/endpoint.js';
import { loopbackUrl } from '../endpoint/loopback.js';
import { probeInstance } from '../hook-client/client.js';
import { resolveHome } from '../store/home.js';
import { runCommand, UsageError, type CliIo } from './store-cli.js';

const USAGE = `usage:
  gatehouse undo <request-id> [--yes] [--back-to-here]
  gatehouse undo --session <session-id> [--yes]

Shows the diff of what will be restored, then asks (or applies at once with --yes). When a later call changed the
same files, nothing is restored unless --back-to-here takes back that call and every later one in the workspace.
While Gatehouse runs, set GATEHOUSE_APPROVER_TOKEN to the approver token it was started with.
`;

type Target = { id: string } | { session: string };
type Undo = (target: Target, opts: UndoOptions) => Promise<UndoReport[]>;

/** Undo through the running instance's approver routes; null when no verified instance runs in `home`. */
async function viaServer(home: string, env: NodeJS.ProcessEnv): Promise<Undo | null> {
  const endpoint = readEndpoint(home);
  if (!endpoint || (await probeInstance(home, 5000)) !== null) return null;
  const token = env.GATEHOUSE_APPROVER_TOKEN;
  if (!token) throw new Error('Gatehouse is running: undo from History in its window, or set GATEHOUSE_APPROVER_TOKEN to its approver token');
  return async (target, opts) => {
    const path = 'id' in target ? `/v1/undo/${encodeURIComponent(target.id)}` : `/v1/undo/session/${encodeURIComponent(target.session)}`;
    const url = loopbackUrl(endpoint.url, path);
    if (!url) throw new Error(`endpoint.json names ${endpoint.url}, which is not this machine`);
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(opts) });
    const body = (await res.json()) as UndoReport | UndoReport[] | { error: string };
    if (!res.ok) throw new Error((body as { error: string }).error ?? `HTTP ${res.status}`);
    return Array.isArray(body) ? body : [body as UndoReport];
  };
}

/** Undo by opening the home directly (no Gatehouse runs there); the core is closed again after each step. */
function locally(home: string): Undo {
  return async (target, opts) => {
    const { createCore } = await import('../core.js');
    const core = await createCore({ home, logger: () => undefined });
    try {
      return 'id' in target ? [await core.snapshots.undo(target.id, opts)] : await core.snapshots.undoSession(target.session, opts);
    } finally {
      await core.close();
    }
  };
}

const inert = (t: string) => inertText(t, { singleLine: false, codePoints: true });

/** The preview as the terminal shows it. */
function describe(report: UndoReport): string {
  const lines = [`In ${inert(report.workspace)}, undoing ${report.calls.join(', ')}:`];
  if (report.files.length === 0) lines.push('  nothing to restore: the files are already as they were.');
  for (const f of report.files) {
    lines.push(`  ${f.change === 'created' ? 'recreate' : f.change === 'deleted' ? 'delete  ' : 'restore '} ${inert(f.path)}`);
    if (f.binary) lines.push('    (binary file)');
    else if (f.diff) lines.push(inert(f.diff).replace(/^/gm, '    '));
  }
  for (const c of report.conflicts) {
    lines.push(`  CONFLICT ${inert(c.path)} was changed again after this call${c.later_calls.length ? ` by ${c.later_calls.join(', ')}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `gatehouse undo`. */
export async function runUndo(argv: string[], io: CliIo): Promise<number> {
  return runCommand(io, 'undo', USAGE, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { yes: { type: 'boolean' }, 'back-to-here': { type: 'boolean' }, session: { type: 'string' } },
    });
    const target: Target | null = values.session !== undefined && positionals.length === 0 ? { session: values.session } : positionals.length === 1 && values.session === undefined ? { id: positionals[0]! } : null;
    if (!target) throw new UsageError('name one request id, or --session S');
    const home = resolveHome(io.env);
    const undo = (await viaServer(home, io.env)) ?? locally(home);
    const opts: UndoOptions = values['back-to-here'] ? { back_to_here: true } : {};
    const preview = await undo(target, opts);
    for (const r of preview) io.stdout(describe(r));
    if (preview.some((r) => r.conflicts.length > 0)) {
      io.stderr('Nothing was restored: later calls changed the same files. Run again with --back-to-here to take back this call and every later one, or leave it.\n');
      return 1;
    }
    if (preview.every((r) => r.files.length === 0)) return 0;
    if (!values.yes && !(await confirmed(io))) {
      io.stderr('Nothing was restored.\n');
      return 1;
    }
    const done = await undo(target, { ...opts, apply: true });
    for (const r of done) {
      io.stdout(`Restored ${r.files.length} file(s) in ${inert(r.workspace)}; the undo is on record as ${r.undo_id} (gatehouse undo ${r.undo_id} takes it back).\n`);
    }
    return 0;
  });
}

/** Asks on the terminal; no terminal means no (use --yes). */
async function confirmed(io: CliIo): Promise<boolean> {
  if (!process.stdin.isTTY) {
    io.stderr('Not a terminal: add --yes to restore these files.\n');
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question('Restore these files? [y/N] ');
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}
