// Table tests of the closed-world model run through decide() on the real fixture workspace, with the rule sets a cautious
// developer writes: read-only programs, git read commands, test runners, one API host.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mode, Verdict, VerdictDecision } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { type Fixture, makeFixture, request, rulesOf } from './fixture.js';

/** A Claude Code permissions block. */
export type Rules = { allow?: string[]; ask?: string[]; deny?: string[] };

/** The allow rules of a cautious developer (covering every harmless call of the tables). */
export const CAUTIOUS = [
  'Bash(cat:*)', 'Bash(head:*)', 'Bash(tail:*)', 'Bash(wc:*)', 'Bash(ls:*)', 'Bash(grep:*)', 'Bash(rg:*)', 'Bash(find:*)', 'Bash(fd:*)',
  'Bash(sort:*)', 'Bash(uniq:*)', 'Bash(cut:*)', 'Bash(tr:*)', 'Bash(echo:*)', 'Bash(printf:*)', 'Bash(date:*)', 'Bash(pwd)', 'Bash(cd:*)',
  'Bash(jq:*)', 'Bash(yq:*)', 'Bash(awk:*)', 'Bash(sed:*)', 'Bash(column:*)', 'Bash(od:*)', 'Bash(tar:*)', 'Bash(diff:*)', 'Bash(file:*)',
  'Bash(env:*)', 'Bash(printenv:*)', 'Bash(xargs:*)', 'Bash(stat:*)', 'Bash(du:*)', 'Bash(tree:*)', 'Bash(basename:*)', 'Bash(dirname:*)',
  'Bash(git status:*)', 'Bash(git diff:*)', 'Bash(git log:*)', 'Bash(git show:*)', 'Bash(git blame:*)', 'Bash(git grep:*)', 'Bash(git ls-files:*)',
  'Bash(git commit:*)', 'Bash(git add:*)', 'Bash(git branch:*)', 'Bash(git rev-parse:*)',
  'Bash(npm test:*)', 'Bash(npm run:*)', 'Bash(npx vitest:*)', 'Bash(npx eslint:*)', 'Bash(eslint:*)', 'Bash(pytest:*)', 'Bash(go test:*)', 'Bash(go vet:*)', 'Bash(cargo test:*)', 'Bash(ruff:*)',
  'Bash(kubectl get:*)', 'Bash(kubectl describe:*)', 'Bash(kubectl logs:*)', 'Bash(curl -s https://api.example.com/:*)',
  'Bash(systemctl --user status:*)', 'Bash(pm2 logs:*)', 'Bash(gatehouse:*)', 'Bash(npx gatehouse:*)', 'Bash(node:*)', 'Bash(ps:*)', 'Bash(pkill:*)', 'Bash(fuser:*)',
  'Bash(rsync:*)', 'Bash(rm:*)', 'Bash(coreutils:*)', 'Bash(busybox:*)', 'Bash(toybox:*)', 'Bash(grm:*)', 'Bash(python3:*)', 'Bash(perl:*)', 'Bash(ruby:*)', 'Bash(git send-pack:*)',
  'Read', 'Glob', 'Grep', 'TodoWrite', 'Task', 'BashOutput', 'Edit(src/**)', 'Write(src/**)',
];

/** Approve everything but sudo: only hard denies and the tamper guard stand against it. */
export const APPROVE_ALL: Rules = { allow: ['Bash', 'Read', 'Edit', 'Write'], deny: ['Bash(sudo:*)'] };

let fx: Fixture;

/** Builds the fixture (call in beforeAll); a running Gatehouse's endpoint.json names pid 31337. */
export function setUp(): void {
  fx = makeFixture();
  writeFileSync(path.join(fx.gatehouseHome, 'endpoint.json'), JSON.stringify({ url: 'http://127.0.0.1:1', token: 't', pid: 31337 }));
}

/** Removes the fixture (call in afterAll). */
export function tearDown(): void {
  fx.cleanup();
}

/** The fixture's folders, for building arguments. */
export function fixture(): Fixture {
  return fx;
}

function sub(s: string): string {
  return s.replaceAll('{{WS}}', fx.ws).replaceAll('{{HOME}}', fx.home).replaceAll('{{GH}}', fx.gatehouseHome).replaceAll('{{OUT}}', fx.outside);
}

/** The verdict for a tool call under the cautious rules (or `allow` given), in `mode`. */
export async function judge(tool: string, args: Record<string, unknown>, mode: Mode = 'interactive', allow: string[] = CAUTIOUS): Promise<Verdict> {
  const a = JSON.parse(sub(JSON.stringify(args))) as Record<string, unknown>;
  return decide(request(tool, a, fx.ws), { rules: rulesOf({ allow: allow.map(sub) }), sessionApprovals: [], mode, home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

/** The verdict for one Bash command. */
export function bash(command: string, mode: Mode = 'interactive', allow?: string[]): Promise<Verdict> {
  return judge('Bash', { command }, mode, allow);
}

/** The verdict for one Bash command under a whole permissions block (deny and ask rules too), in interactive mode. */
export function bashUnder(command: string, rules: Rules): Promise<Verdict> {
  return decide(request('Bash', { command }, fx.ws), { rules: rulesOf(rules), sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {} });
}

/** One line for assertion messages. */
export function why(v: Verdict): string {
  return `${v.decision}: ${v.reasons.join(' | ')}`;
}

/**
 * The tables of a red-team round, each row a command and the name of its rule set: decided rows (hostile, and held
 * neighbours) must get their decision, harmless rows must stay allowed.
 */
export function redTeamTables<S extends string>(title: string, sets: Record<S, Rules>, decided: Array<[string, S, VerdictDecision]>, harmless: Array<[string, S]>): void {
  describe(title, () => {
    it.each(decided)('%j under %s is %s', async (command, set, expected) => {
      const v = await bashUnder(command, sets[set]);
      expect(v.decision, why(v)).toBe(expected);
    });

    it.each(harmless)('%j under %s stays allowed', async (command, set) => {
      const v = await bashUnder(command, sets[set]);
      expect(v.decision, why(v)).toBe('allow');
    });
  });
}
