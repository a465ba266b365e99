// The shared corpus's Bash cases, judged by what this analysis contributes to the policy's verdict.
// The policy engine owns the real verdict; this oracle applies only the shell rules of DESIGN.md's policy order.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand, bashSpecifierMatches } from '../../../main/core/shell/index.js';
import type { ShellAnalysis, ShellContext, SimpleCommand } from '../../../main/core/shell/index.js';
import { explain, pathArgs, ready } from './helpers.js';

interface Case {
  id: string;
  category: string;
  mode: 'interactive' | 'approve-all' | 'strict';
  rules: { allow: string[]; ask: string[]; deny: string[] };
  event: { tool_name: string; tool_input: { command?: string } };
  expect: 'allow' | 'not-allow' | 'deny';
}

// The corpus sits beside the repository (../shared/corpus), not inside it.
const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/cases.json', import.meta.url));
const ROOT = '/tmp/gatehouse-corpus';
const ctx: ShellContext = { cwd: `${ROOT}/ws`, home: `${ROOT}/home` };

function fill(s: string): string {
  return s.replaceAll('{{WS_EVIL}}', `${ROOT}/ws-evil`).replaceAll('{{WS}}', ctx.cwd).replaceAll('{{OUTSIDE}}', `${ROOT}/outside`).replaceAll('{{HOME}}', ctx.home);
}

function covered(patterns: string[], cmd: SimpleCommand, action: 'allow' | 'deny' | 'ask'): boolean {
  return patterns.some((p) => p === 'Bash' || (p.startsWith('Bash(') && bashSpecifierMatches(p.slice(5, -1), cmd, action)));
}

function verdict(a: ShellAnalysis, c: Case): 'allow' | 'deny' | 'ask' {
  if (a.hardDenies.length > 0 || a.commands.some((cmd) => covered(c.rules.deny, cmd, 'deny'))) return 'deny';
  const ask = a.commands.some((cmd) => covered(c.rules.ask, cmd, 'ask'));
  const allow = !ask && a.parsed && a.blockers.length === 0 && a.commands.length > 0 && a.commands.every((cmd) => covered(c.rules.allow, cmd, 'allow'));
  if (allow || c.mode === 'approve-all') return 'allow';
  return c.mode === 'strict' ? 'deny' : 'ask';
}

const present = existsSync(CORPUS);
const cases = present ? (JSON.parse(readFileSync(CORPUS, 'utf8')) as Case[]).filter((c) => c.event.tool_name === 'Bash') : [];

beforeAll(ready);

describe.skipIf(!present)(`corpus Bash cases (${CORPUS})`, () => {
  it('has cases to run', () => expect(cases.length).toBeGreaterThan(50));

  it.each(cases.filter((c) => c.category !== 'tamper').map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const a = analyzeShellCommand(fill(c.event.tool_input.command ?? ''), ctx);
    const v = verdict(a, c);
    const msg = `${c.event.tool_input.command}\n${explain(a)}`;
    if (c.expect === 'allow') expect(v, msg).toBe('allow');
    else if (c.expect === 'deny') expect(v, msg).toBe('deny');
    else expect(v, msg).not.toBe('allow');
  });

  it.each(cases.filter((c) => c.category === 'tamper').map((c) => [c.id, c] as const))('%s exposes the guard it touches', (_id, c) => {
    const a = analyzeShellCommand(fill(c.event.tool_input.command ?? ''), ctx);
    const touched = a.commands.flatMap((cmd) => [...pathArgs(cmd, ctx), ...cmd.argv]);
    expect(touched.some((p) => /\/\.claude(\/|$)|^gatehouse$/.test(p)), explain(a)).toBe(true);
  });
});
