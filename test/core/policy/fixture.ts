// A real fixture workspace for policy tests: the corpus's make-workspace.sh in a temp dir, plus a temp HOME and GATEHOUSE_HOME.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Rule, RuleAction, ToolRequest } from '../../../common/domain.js';
import { payloadFingerprint } from '../../../main/core/policy/rules/fingerprint.js';
import { MAKE_WORKSPACE_SCRIPT } from '../../../bench/support/fixtures.js';

/** Folders of one fixture: ws (git repo), outside, ws-evil (prefix twin), a home and a GATEHOUSE_HOME. */
export interface Fixture {
  root: string;
  ws: string;
  outside: string;
  evil: string;
  home: string;
  gatehouseHome: string;
  cleanup(): void;
}

/** Builds the fixture workspace (`test/fixtures/make-workspace.sh`) in a fresh temp root. */
export function makeFixture(): Fixture {
  const root = execFileSync('realpath', [mkdtempSync(path.join(tmpdir(), 'gh-policy-'))], { encoding: 'utf8' }).trim();
  const ws = execFileSync('bash', [MAKE_WORKSPACE_SCRIPT, root], { encoding: 'utf8' }).trim();
  const home = path.join(root, 'home');
  const gatehouseHome = path.join(home, '.config', 'Gatehouse');
  mkdirSync(gatehouseHome, { recursive: true });
  return { root, ws, outside: path.join(root, 'outside'), evil: path.join(root, 'ws-evil'), home, gatehouseHome, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

let n = 0;

/** A rule as the store would hold it. */
export function rule(action: RuleAction, pattern: string, extra: Partial<Rule> = {}): Rule {
  n++;
  return {
    id: `r${n}`, action, pattern, scope: null, enabled: true, expires_at: null, uses_left: null, note: null,
    created_at: '2026-01-01T00:00:00.000Z', last_used_at: null, hit_count: 0, source: 'user', ...extra,
  };
}

/** Rules from a Claude Code permissions block. */
export function rulesOf(block: { allow?: string[]; ask?: string[]; deny?: string[] }): Rule[] {
  return [
    ...(block.deny ?? []).map((p) => rule('deny', p)),
    ...(block.ask ?? []).map((p) => rule('ask', p)),
    ...(block.allow ?? []).map((p) => rule('allow', p)),
  ];
}

/** A Claude Code request in a workspace. */
export function request(tool: string, args: Record<string, unknown>, cwd: string, session = 's1'): ToolRequest {
  return {
    id: `q${++n}`, received_at: '2026-01-01T00:00:00.000Z', agent: 'claude-code', session_id: session, cwd,
    tool_name: tool, args, payload: payloadFingerprint(tool, args),
  };
}
