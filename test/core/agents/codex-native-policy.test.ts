// Codex prefix_rule lines from Gatehouse rules and back: only exact carries written, the rest skipped with why.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';
import { rule } from '../policy/fixture.js';
import { GENERATED, parseCodexRules, toCodexRules } from '../../../main/core/agents/codex/native-policy.js';


describe('Codex native policy', () => {
  it('writes plain-word prefixes and skips the rest, each with why', () => {
    const { text, skipped } = toCodexRules([
      rule('allow', 'Bash(git status:*)'),
      rule('deny', 'Bash(rm *)'),
      rule('ask', 'Bash(npm run test:*)'),
      rule('allow', 'Bash(git status)'),
      rule('allow', 'Bash(echo $HOME:*)'),
      rule('allow', 'Read(./src/**)'),
      rule('allow', 'Bash(ls:*)', { scope: '/w' }),
      rule('allow', 'Bash(ls:*)', { uses_left: 2 }),
      rule('allow', 'Bash(ls:*)', { enabled: false }),
    ]);
    expect(text).toBe(`${GENERATED}\nprefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["rm"], decision="forbidden")\nprefix_rule(pattern=["npm", "run", "test"], decision="prompt")\n`);
    expect(skipped.map((s) => s.why)).toEqual([
      expect.stringContaining('not a command prefix'),
      expect.stringContaining('characters'),
      'not a shell rule',
      expect.stringContaining('one workspace'),
      expect.stringContaining('use limit'),
      'disabled',
    ]);
  });

  it('round-trips what it writes', () => {
    const rules = [rule('allow', 'Bash(git status:*)'), rule('deny', 'Bash(rm:*)'), rule('ask', 'Bash(npm run test:*)')];
    expect(parseCodexRules(toCodexRules(rules).text)).toEqual(rules.map((r) => ({ action: r.action, pattern: r.pattern })));
  });

  it.each(['prefix_rule(pattern=["git", 1])', 'prefix_rule(pattern=["a b"])', 'exec("rm -rf /")', 'prefix_rule(pattern=["x"], decision="yolo")'])('refuses %s', (line) => {
    expect(() => parseCodexRules(line)).toThrow(/line 1/);
  });
});

describe.skipIf(!BUILT)('gatehouse rules sync codex / rules import', () => {
  it('writes a generated file, refuses to overwrite a person\'s, and imports it back', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-sync-'));
    try {
      const env = { HOME: root, CODEX_HOME: join(root, 'codex'), GATEHOUSE_HOME: join(root, 'a') };
      await runCli(['rules', 'add', '--action', 'deny', 'Bash(git push:*)'], { env });
      await runCli(['rules', 'add', '--action', 'allow', 'Read(./src/**)'], { env });
      const synced = await runCli(['rules', 'sync', 'codex'], { env });
      expect(synced.stdout).toContain('skipped allow Read(./src/**): not a shell rule');
      const file = join(root, 'codex', 'rules', 'gatehouse.rules');
      expect(readFileSync(file, 'utf8')).toContain('prefix_rule(pattern=["git", "push"], decision="forbidden")');
      const imported = await runCli(['rules', 'import', file], { env: { ...env, GATEHOUSE_HOME: join(root, 'b') } });
      expect(imported.stdout).toContain('1 imported');
      const listed = JSON.parse((await runCli(['rules', 'list', '--json'], { env: { ...env, GATEHOUSE_HOME: join(root, 'b') } })).stdout);
      expect(listed).toMatchObject([{ action: 'deny', pattern: 'Bash(git push:*)' }]);
      writeFileSync(file, 'prefix_rule(pattern=["mine"])\n');
      const refused = await runCli(['rules', 'sync', 'codex'], { env });
      expect(refused.code).toBe(1);
      expect(readFileSync(file, 'utf8')).toBe('prefix_rule(pattern=["mine"])\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
