// Imports and CLI rules are as careful as the rule editor (issue 26): an ordinary Gemini policy that "lets Gemini run
// its shell" must not silently become `allow Bash` for every agent, and `rules add --action allow Bash` must not pass
// without the warning the UI makes the person confirm.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../common/api.js';
import type { Rule } from '../../common/domain.js';
import { runRules } from '../../main/core/cli/rules.js';
import { openStore, dbPathIn } from '../../main/core/store/index.js';
import { startGatehouse, tempDir } from '../core/server/helpers.js';

const GEMINI_SHELL = `# let Gemini run its shell
[[rule]]
toolName = "run_shell_command"
decision = "allow"
priority = 100
`;
const GEMINI_EDITS = `[[rule]]
toolName = "write_file"
decision = "allow"
priority = 100

[[rule]]
toolName = "replace"
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "git status"
decision = "allow"
priority = 100
`;

let root: string;
let home: string;
let ws: string;
beforeEach(() => {
  root = tempDir('gatehouse-blanket-');
  home = join(root, 'home');
  ws = join(root, 'ws');
  for (const [name, text] of [['shell.toml', GEMINI_SHELL], ['edits.toml', GEMINI_EDITS]] as const) writeFileSync(join(root, name), text);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** `gatehouse rules ARGS` in-process against the home; resolves with the exit code and what it printed. */
async function rules(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runRules(args, { stdout: (s) => (out += s), stderr: (s) => (err += s), env: { ...process.env, GATEHOUSE_HOME: home } });
  return { code, out, err };
}

function saved(): Rule[] {
  const store = openStore(dbPathIn(home));
  try {
    return store.listRules();
  } finally {
    store.close();
  }
}

/** What a real Gatehouse on the home answers a shell call from `agent` (no person: the status it was submitted with). */
async function shellCall(agent: string, command = 'npm install left-pad'): Promise<string> {
  const g = await startGatehouse({ home });
  try {
    const r = await g.agent('POST', '/v1/requests', { tool_name: 'Bash', args: { command }, agent, cwd: root });
    return (r.json as { status: string }).status;
  } finally {
    await g.close();
  }
}

describe('rules import of an agent policy file', () => {
  it('a Gemini policy that allows its shell creates no blanket allow without --allow-blanket', async () => {
    const r = await rules('import', join(root, 'shell.toml'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/skipped allow Bash: refused: Bash matches every Bash call; pass --allow-blanket/);
    expect(r.out).toMatch(/what-if: allow Bash \(gemini-cli only, everywhere\)/);
    expect(saved()).toEqual([]);
    expect(await shellCall('gemini-cli')).not.toBe('approved');
  });

  it('nor Write and Edit from another file; its narrow rule is imported, for Gemini only', async () => {
    const r = await rules('import', join(root, 'edits.toml'));
    expect(r.out).toMatch(/skipped allow Write: refused/);
    expect(r.out).toMatch(/skipped allow Edit: refused/);
    expect(saved().map((x) => [x.action, x.pattern, x.agent])).toEqual([['allow', 'Bash(git status:*)', 'gemini-cli']]);
  });

  it('with --allow-blanket the what-if is printed and the rule is scoped to gemini-cli: a Claude Code Bash call is not allowed by it', async () => {
    const r = await rules('import', join(root, 'shell.toml'), '--allow-blanket');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/what-if: allow Bash \(gemini-cli only, everywhere\)\n {2}warning: Bash matches every Bash call\n {2}of the past requests/);
    expect(r.out).toMatch(/imported \w+ {2}allow {2}Bash {2}\(everywhere, gemini-cli only/);
    expect(saved().map((x) => [x.action, x.pattern, x.agent])).toEqual([['allow', 'Bash', 'gemini-cli']]);
    expect(await shellCall('claude-code')).toBe('pending');
    expect(await shellCall('gemini-cli')).toBe('approved');
  });

  it('sync does not carry a rule for one agent into another agent\'s policy', async () => {
    await rules('import', join(root, 'shell.toml'), '--allow-blanket');
    const r = await rules('sync', 'claude-code', '--project', ws, '--dry-run');
    expect(r.out).toMatch(/would write 0 rules/);
    expect(r.out).toMatch(/skipped allow Bash: for gemini-cli only/);
    expect(JSON.parse((await rules('export')).out)).toEqual({ permissions: { allow: [], ask: [], deny: [] } });
  });
});

describe('the rule view\'s import of a Claude Code settings file', () => {
  it('skips a blanket allow and limits the others to Claude Code', async () => {
    const g = await startGatehouse({ home });
    try {
      const settings = { permissions: { allow: ['Bash', 'Bash(npm test)'], deny: ['Write'] } };
      const report = (await g.approver('POST', '/v1/rules/import', { json: JSON.stringify(settings) })).json as ImportReport;
      expect(report.skipped).toEqual([{ entry: 'Bash', why: expect.stringMatching(/matches every Bash call: add it in the rule editor/) }]);
      expect(report.imported.map((r) => [r.action, r.pattern, r.agent])).toEqual([['deny', 'Write', null], ['allow', 'Bash(npm test)', 'claude-code']]);
    } finally {
      await g.close();
    }
  });
});

describe('rules add from the CLI', () => {
  it.each([['Bash'], ['Bash(*)'], ['Bash(* *)'], ['Bash(:*)'], ['Write'], ['Edit(**/*)'], ['mcp__github']])('allow %s is refused without --allow-blanket, with its what-if', async (pattern) => {
    const r = await rules('add', '--action', 'allow', pattern);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^what-if: allow /);
    expect(r.err).toMatch(/refused: .*(matches every|names no program).*--allow-blanket/);
    expect(saved()).toEqual([]);
  });

  it('with --allow-blanket it is added; narrow allows and blanket denies need no flag', async () => {
    expect((await rules('add', '--action', 'allow', 'Bash', '--allow-blanket')).code).toBe(0);
    expect((await rules('add', '--action', 'allow', 'Bash(npm test)')).code).toBe(0);
    expect((await rules('add', '--action', 'deny', 'Write')).code).toBe(0);
    expect(saved().map((x) => `${x.action} ${x.pattern}`)).toEqual(['allow Bash', 'allow Bash(npm test)', 'deny Write']);
  });

  it('a wrapper prefix is not blanket: Bash(env:*) does not run any program through env', async () => {
    expect((await rules('add', '--action', 'allow', 'Bash(env:*)')).code).toBe(0);
    expect(await shellCall('claude-code', 'env npm install left-pad')).toBe('pending');
  });
});
