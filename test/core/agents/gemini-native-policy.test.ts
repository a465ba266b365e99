// Gemini CLI policy TOML from Gatehouse rules and back: what carries is written with deny > ask > allow priorities,
// the rest skipped with why; hostile prefixes stay inside their TOML string.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { rule } from '../policy/fixture.js';
import { GENERATED, geminiNativePolicy, parseGeminiPolicy, toGeminiPolicy } from '../../../main/core/agents/gemini/native-policy.js';
import { BUILT, runCli } from '../cli/run-cli.js';


describe('Gemini native policy', () => {
  it('writes prefixes, whole tools and MCP tools; skips the rest with why', () => {
    const { text, written, skipped } = toGeminiPolicy([
      rule('allow', 'Bash(git status:*)'),
      rule('deny', 'Bash(rm -rf *)'),
      rule('ask', 'mcp__github__create_issue'),
      rule('allow', 'mcp__fs'),
      rule('allow', 'Read'),
      rule('allow', 'Bash(git status)'),
      rule('allow', 'Read(./src/**)'),
      rule('allow', 'WebFetch(domain:example.com)'),
      rule('allow', 'Bash(ls:*)', { expires_at: '2030-01-01T00:00:00Z' }),
    ]);
    expect(text.startsWith(`${GENERATED}\n`)).toBe(true);
    expect(parseToml(text)).toEqual({
      rule: [
        { toolName: 'run_shell_command', commandPrefix: 'git status', decision: 'allow', priority: 700 },
        { toolName: 'run_shell_command', commandPrefix: 'rm -rf', decision: 'deny', priority: 900 },
        { mcpName: 'github', toolName: 'create_issue', decision: 'ask_user', priority: 800 },
        { mcpName: 'fs', toolName: '*', decision: 'allow', priority: 700 },
        { toolName: 'read_file', decision: 'allow', priority: 700 },
      ],
    });
    expect(written).toHaveLength(5);
    expect(skipped.map((s) => [s.rule.pattern, s.why])).toEqual([
      ['Bash(git status)', expect.stringContaining('not a command prefix')],
      ['Read(./src/**)', expect.stringContaining('regular expressions')],
      ['WebFetch(domain:example.com)', expect.stringContaining('regular expressions')],
      ['Bash(ls:*)', expect.stringContaining('expires')],
    ]);
  });

  it.each([
    'Bash(git log" \n[[rule]]\ntoolName = "*"\ndecision = "allow:*)',
    'Bash(echo $(id):*)',
    "Bash('rm' -rf:*)",
    'Bash(ls *.ts:*)',
  ])('never lets %j inject a rule', (pattern) => {
    const { text } = toGeminiPolicy([rule('allow', pattern)]);
    expect((parseToml(text) as { rule?: unknown[] }).rule ?? []).toEqual([]);
  });

  it('round-trips what it writes', () => {
    const rules = [rule('allow', 'Bash(git status:*)'), rule('deny', 'Bash(rm:*)'), rule('ask', 'mcp__gh__create_issue'), rule('allow', 'mcp__fs'), rule('deny', 'Write'), rule('allow', 'Bash')];
    expect(parseGeminiPolicy(toGeminiPolicy(rules).text)).toEqual({ entries: rules.map((r) => ({ action: r.action, pattern: r.pattern })), skipped: [] });
  });

  it('imports what carries from a hand-written policy and says why it skips the rest', () => {
    const text = [
      '[[rule]]', 'toolName = "run_shell_command"', 'commandPrefix = ["npm test", "git diff"]', 'decision = "allow"', 'priority = 100',
      '[[rule]]', 'toolName = "run_shell_command"', 'commandRegex = "rm .*"', 'decision = "deny"', 'priority = 100',
      '[[rule]]', 'toolName = "write_file"', 'decision = "ask_user"', 'priority = 1', 'modes = ["autoEdit"]',
      '[[rule]]', 'toolName = "replace"', 'decision = "maybe"', 'priority = 1',
    ].join('\n');
    expect(parseGeminiPolicy(text)).toEqual({
      entries: [{ action: 'allow', pattern: 'Bash(npm test:*)' }, { action: 'allow', pattern: 'Bash(git diff:*)' }],
      skipped: [
        { entry: 'rule #2', why: 'commandRegex has no Gatehouse equivalent' },
        { entry: 'rule #3', why: 'modes has no Gatehouse equivalent' },
        { entry: 'rule #4', why: expect.stringContaining('decision "maybe"') },
      ],
    });
    expect(() => parseGeminiPolicy('[[rule]\n')).toThrow(/not a TOML policy file/);
  });

  it('refuses to replace or remove a policy file the person wrote', () => {
    expect(() => geminiNativePolicy.render([], '[[rule]]\ntoolName = "x"\n', [])).toThrow(/not written by gatehouse/);
    expect(() => geminiNativePolicy.remove('# mine\n', [])).toThrow(/not written by gatehouse/);
  });
});

describe.skipIf(!BUILT)('gatehouse rules sync gemini', () => {
  it('writes policies/gatehouse.toml under GEMINI_CLI_HOME, imports it back, --remove deletes it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-sync-gemini-'));
    try {
      const env = { HOME: root, GEMINI_CLI_HOME: join(root, 'g'), GATEHOUSE_HOME: join(root, 'a') };
      await runCli(['rules', 'add', '--action', 'allow', 'Bash(npm test:*)'], { env });
      await runCli(['rules', 'add', '--action', 'deny', 'Bash(git push:*)'], { env });
      const dry = await runCli(['rules', 'sync', 'gemini', '--dry-run'], { env });
      expect(dry.stdout).toContain('+commandPrefix = "git push"');
      const file = join(root, 'g', '.gemini', 'policies', 'gatehouse.toml');
      expect(() => readFileSync(file)).toThrow();
      const synced = await runCli(['rules', 'sync', 'gemini'], { env });
      expect(synced.stdout).toContain(`wrote 2 rules to ${file}`);
      const imported = await runCli(['rules', 'import', file], { env: { ...env, GATEHOUSE_HOME: join(root, 'b') } });
      expect(imported.stdout).toContain('2 imported');
      writeFileSync(join(root, 'g', '.gemini', 'policies', 'mine.toml'), '# the person\'s own\n');
      const removed = await runCli(['rules', 'sync', 'gemini', '--remove'], { env });
      expect(removed.code).toBe(0);
      expect(() => readFileSync(file)).toThrow();
      expect(readFileSync(join(root, 'g', '.gemini', 'policies', 'mine.toml'), 'utf8')).toBe('# the person\'s own\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
