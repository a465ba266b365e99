// Drops the repeats an analysis yields (loops unrolled over equal values, a script read twice).
import type { SimpleCommand } from '../types.js';

/** The commands, each once: a loop unrolled over equal values, or a script read twice, yields the same command again. */
export function withoutRepeats(commands: SimpleCommand[]): SimpleCommand[] {
  // Repeats share their span; most commands have a span of their own, and then there is nothing to compare.
  const spans = new Set<number>();
  for (const c of commands) spans.add(c.span.start * 0x100000 + c.span.end);
  if (spans.size === commands.length) return commands;
  const seen = new Set<string>();
  return commands.filter((c) => {
    // Loop variants differ in their words or in where their redirects write; a salvaged reading in how they use a file.
    const key = `${c.span.start}:${c.span.end}:${c.wrappers.join(' ')}:${c.argv.join('\0')}:${c.redirects.map((r) => `${r.kind}${r.target}`).join('\0')}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}
