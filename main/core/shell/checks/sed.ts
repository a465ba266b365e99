// sed's in-place edits and script commands that run programs or touch files: `sed:*` must not mean "any file, any command".
import { block, flag } from '../findings.js';
import { isOneOf, scanArgs, type OptSpec } from '../options.js';
import { isHarmlessSink } from '../paths.js';
import { programOnStdin, wordSpan, wordsSpan, type CheckInput } from './context.js';
import { sedEffects } from './sed-script.js';

// `w file`, `r file`, `e cmd` as a word of their own, or a `w`/`e` flag closing an `s` command: what GNU sed reads as one.
const SUSPECT_COMMAND = /(^|[\s;{}:!])[wWrRe](\s|$)|(^|[\s;{}])[wWrR][/~.]|[/|,#@!][gpIiMm0-9]*[we](\s|;|$)/;

const SED: OptSpec = { shortValue: 'efl', shortAttached: 'i', longValue: ['expression', 'file', 'line-length'] };

/**
 * Flags `sed -i` without files (the files themselves are write targets, see writes.ts) and scripts with `e`, `s///e`, `w`, `W`, `r`, `R`.
 * Threat: `sed -i 's/PreToolUse/x/' ~/.claude/settings.json`, `sed 's/x/id/e'`, `sed 'w ~/.bashrc'`.
 */
export function checkSed(c: CheckInput): void {
  const argv = c.cmd.argv;
  const scan = scanArgs(argv, 1, SED);
  const scripts: Array<{ text: string; at: number }> = [];
  let operands = scan.operands;
  for (const o of scan.opts) {
    if (isOneOf(o, ['e', 'expression'])) scripts.push({ text: o.value ?? '', at: o.valueIndex });
    if (!isOneOf(o, ['f', 'file'])) continue;
    // `… | sed -f - FILE`: the script file is stdin, whose text the command line fixes.
    const fed = programOnStdin(c, o.value);
    if (fed !== null) scripts.push({ text: fed, at: o.valueIndex });
    else block(c.f, `sed -f ${o.value ?? ''} runs a script file whose commands cannot be checked`, wordsSpan(c, o.index, o.valueIndex));
  }
  if (scripts.length === 0 && !scan.opts.some((o) => isOneOf(o, ['f', 'file'])) && operands[0] !== undefined) {
    scripts.push({ text: argv[operands[0]]!, at: operands[0] });
    operands = operands.slice(1);
  }
  const sandbox = scan.opts.some((o) => isOneOf(o, ['sandbox']));
  for (const s of sandbox ? [] : scripts) {
    const effects = sedEffects(s.text);
    // Second opinion: a `w`/`W`/`r`/`R`/`e` command word anywhere (after a label, `v`, or a bracket the parser misread).
    if (effects.length === 0 && SUSPECT_COMMAND.test(s.text)) {
      block(c.f, 'sed script may hold a command that writes, reads or runs something', wordSpan(c, s.at));
    }
    for (const e of effects) {
      const at = wordSpan(c, s.at);
      if (e.kind === 'exec') {
        flag(c.f, 'code-execution', `sed ${e.command} runs text as a shell command`, at);
        if (e.arg !== '') c.scripts.push({ text: e.arg, via: 'sed' });
      }
      else if (e.kind === 'write' && !isHarmlessSink(e.arg)) flag(c.f, 'writes-file', `sed ${e.command} ${e.arg} writes a file`, at);
      else if (e.kind === 'read') block(c.f, `sed ${e.command} ${e.arg} reads a file into its output`, at);
      else if (e.kind === 'unparsed') block(c.f, 'sed script could not be checked for commands that run programs or write files', at);
    }
  }
  const inPlace = scan.opts.find((o) => isOneOf(o, ['i', 'in-place']));
  if (inPlace && operands.length === 0) flag(c.f, 'writes-file', `sed ${argv[inPlace.index]} edits files in place`, wordSpan(c, inPlace.index));
}
