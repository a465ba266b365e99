// GNU parallel builds each job's command line as text and runs it with a shell: its command words joined, each input
// put where a replacement string stands (else appended), and, with no command at all, each input a command line of its
// own (`parallel ::: 'rm -rf ~'`). Inputs written after `:::` make those lines known: read as one script they meet the
// deny rules, hard denies and tamper guard as `sh -c` text does. Inputs read from stdin or files stay xargs-like.
import type { Span } from '../types.js';
import type { Word } from '../words/words.js';

/** The separators before inputs given on the command line (`:::`, linked `:::+`) and in files (`::::`, `::::+`). */
const ARGS = new Set([':::', ':::+']);
const FILES = new Set(['::::', '::::+']);
// Replacement strings: `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}` and the positional `{1}`, `{2.}`, `{-1/}`…
const REPLACEMENT = /\{(?:-?\d+)?(?:\.|\/|\/\/|\/\.)?\}|\{[#%]\}/g;
const HAS_REPLACEMENT = new RegExp(REPLACEMENT.source);

/** The shell text GNU parallel runs for the words after its options (command, then `:::` inputs); null without `:::`. */
export function parallelScript(words: readonly Word[]): { text: string; span: Span; dynamic: boolean } | null {
  const at = words.findIndex((w) => ARGS.has(w.value) || FILES.has(w.value));
  if (at < 0 || !ARGS.has(words[at]!.value)) return null;
  const command = words.slice(0, at);
  const inputs = words.slice(at + 1).filter((w) => !ARGS.has(w.value));
  const span = { start: (words[0] ?? words[at]!).span.start, end: words[words.length - 1]!.span.end };
  // A perl expression (`{= s/x/y/ =}`), an input file or a word only known at run time: what runs is not fixed here.
  const template = command.map((w) => w.value).join(' ');
  const dynamic = words.some((w) => w.dynamic || FILES.has(w.value)) || template.includes('{=');
  // Every input in every place a replacement string stands: linked and crossed inputs only pick among these.
  const lines = inputs.map((input) => (command.length === 0 ? input.value : HAS_REPLACEMENT.test(template) ? template.replace(REPLACEMENT, () => input.value) : `${template} ${input.value}`));
  return { text: lines.join('\n'), span, dynamic };
}
