// The SimpleCommand a rule is matched against, made from a raw command and the wrappers around it.
import { programName } from '../words/program.js';
import type { ShellContext, SimpleCommand, Span } from '../types.js';
import type { RawCommand } from '../walk/types.js';
import type { Word } from '../words/words.js';
import type { Outer } from './state.js';

/** The command as rules see it: argv, text, env, redirects, wrappers and where it runs, spans mapped to the original. */
export function toSimpleCommand(raw: RawCommand, source: string, argvWords: Word[], inner: Outer, at: (s: Span) => Span, ctx: ShellContext): SimpleCommand {
  // Optional fields are set in order, not spread in: an object literal with spreads takes V8's slow generic path.
  const cmd: SimpleCommand = {
    argv: argvWords.map((w, i) => (i === 0 ? programName(w.value) : w.value)),
    text: source.slice(raw.span.start, raw.span.end),
    span: at(raw.span),
    env: inner.env.map((e) => ({ name: e.name, value: e.value })),
    redirects: [
      // Those of the command running this nested script first: bash opened them before the script ran.
      ...inner.redirects,
      ...raw.redirects.map((r) => {
        const where = at(r.redirect.span);
        return where === r.redirect.span ? r.redirect : { ...r.redirect, span: where };
      }),
    ],
    wrappers: inner.wrappers,
    dynamic: argvWords.some((w) => w.dynamic) || inner.env.some((e) => e.dynamic) || inner.cwd === null,
    wordSpans: argvWords.map((w) => at(w.span)),
    program: argvWords[0]?.value ?? '',
    forms: inner.forms,
  };
  if (inner.cwd !== null && inner.cwd !== ctx.cwd) cmd.cwd = inner.cwd;
  // A cd from where bash stayed only matters for the commands after it, which carry that directory themselves.
  if (raw.cwdAlts && inner.cwd === raw.cwd && !/^(cd|pushd|popd)$/.test(programName(argvWords[0]?.value ?? ''))) cmd.cwdAlts = raw.cwdAlts;
  if (raw.background) cmd.background = true;
  if (inner.appendsArgs) cmd.appendsArgs = true;
  return cmd;
}
