// Checks of one unwrapped command: its program's own checks, and root shells or deletions run with privileges.
import { checkDynamic, checkFedText } from '../checks/general.js';
import { checkProgram } from '../checks/index.js';
import type { CheckInput, StdinSource } from '../checks/context.js';
import { block, flag, type Findings } from '../findings.js';
import { programName } from '../words/program.js';
import type { FedText } from '../words/static-output.js';
import type { SimpleCommand, Span } from '../types.js';
import type { Unwrapped } from '../unwrap/unwrap.js';
import { WRAPPERS } from '../unwrap/wrapper-specs.js';
import type { RawCommand } from '../walk/types.js';
import type { Word } from '../words/words.js';
import type { Outer, State } from './state.js';

/** Programs whose only job is to delete or overwrite: as root, any use of them is destructive. */
export const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'truncate', 'dd', 'wipefs']);

function stdinOf(raw: RawCommand): StdinSource {
  if (raw.redirects.some((r) => r.stdin)) return 'heredoc';
  if (raw.redirects.some((r) => r.redirect.kind === 'read')) return 'file';
  return raw.pipe && raw.pipe.stage > 0 ? 'pipe' : 'inherited';
}

// Interpreters that, given no script, open an interactive prompt.
const PROMPTS = /^(python(\d+(\.\d+)?)?|node|nodejs|perl|ruby|irb|php|lua|tclsh|wish)$/;

/**
 * A shell or an interpreter's prompt opened with another user's privileges is a root shell, however it is reached.
 * Threat: `sudo find . -exec /bin/sh \;`, `su root -c sh`, `sudo awk 'BEGIN{system("/bin/sh")}'`, `sudo python3`.
 */
export function rootPrompt(u: Unwrapped, outer: Outer, inner: Outer, st: State, where: Span): void {
  if (!inner.privileged) return;
  const name = programName(u.argv[0]?.value ?? '');
  // A shell directly after the privilege wrapper is unwrap's to judge (it knows whether a script or file follows).
  const shell = outer.privileged && u.shellReadsStdin;
  const prompt = u.argv.length === 1 && PROMPTS.test(name);
  if (shell || prompt) flag(st.f, 'privilege', `${name} opened with another user's (root's) privileges is a shell for that user: privilege escalation`, where, 'hard');
}

/** Whether a risk flagged since the first `from` passes `test` (read in place: asked for every command). */
export function riskSince(f: Findings, from: number, test: (r: Findings['risks'][number]) => boolean): boolean {
  for (let i = from; i < f.risks.length; i++) if (test(f.risks[i]!)) return true;
  return false;
}

/** Checks one unwrapped command; returns the argument lists it runs as commands of their own (`find -exec`). */
export function checkCommand(cmd: SimpleCommand, words: Word[], argvWords: Word[], raw: RawCommand, inner: Outer, st: State, at: (s: Span) => Span, piped: FedText | undefined): CheckInput {
  const f = st.f;
  checkDynamic(argvWords, inner.env, at, f, st.plainVariables);
  let wrapperWord: Word | undefined;
  for (let i = 0; i < words.length - argvWords.length && wrapperWord === undefined; i++) if (words[i]!.dynamic) wrapperWord = words[i];
  if (wrapperWord) block(f, `${wrapperWord.value} in the wrapper's arguments is only known at run time`, at(wrapperWord.span));
  if (inner.cwd === null) block(f, 'runs after a cd to a directory only known at run time', cmd.span);
  const fed = raw.redirects.find((r) => r.stdin)?.stdin;
  if (fed !== undefined && fed.expansions.length > 0) checkFedText(fed.expansions, at(fed.span), f, st.plainVariables);
  // Text piped from a stage whose output the command line fixes (`printf 'x:\n\trm -rf ~' | make -f-`) is fed text too.
  const text = fed?.text ?? piped?.text;
  const c: CheckInput = { cmd, ctx: st.ctx, cwd: inner.cwd ?? st.ctx.cwd, f, stdin: stdinOf(raw), nested: [], scripts: [] };
  if (text !== undefined) c.stdinText = text;
  const risksBefore = f.risks.length;
  checkProgram(c);
  // Where an earlier cd may have failed, the command runs where bash stayed: judged from there too (`cd a/b/c; rm -rf ../../usr`).
  for (const alt of cmd.cwdAlts ?? []) checkProgram({ ...c, cwd: alt, nested: [], scripts: [] });
  const destructive = riskSince(f, risksBefore, (r) => r.flag === 'destructive');
  if ((destructive || DELETERS.has(cmd.argv[0] ?? '')) && inner.privileged) {
    const via = inner.wrappers.find((w) => WRAPPERS.get(w)?.kind === 'privilege') ?? 'privilege escalation';
    flag(f, 'destructive', `${via} combined with a destructive command`, cmd.span, 'hard');
  }
  // `find . | xargs rm`: a deleter given no operand the engine can see still deletes what xargs hands it at run time.
  if ((destructive || DELETERS.has(cmd.argv[0] ?? '')) && inner.appendsArgs) flag(f, 'destructive', `xargs feeds unseen arguments to the destructive command ${cmd.argv[0]}`, cmd.span);
  return c;
}
