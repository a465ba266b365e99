// Claude Code permissions from Gatehouse rules: deny and ask entries added beside the person's (never allows, which
// would run calls while Gatehouse is down), re-sync and --remove take away only what sync added, comments kept.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { rule } from '../policy/fixture.js';
import { claudeCodeNativePolicy as policy } from '../../../main/core/agents/claude-code/native-policy.js';
import { BUILT, runCli } from '../cli/run-cli.js';


const PERSON = `{
  // my settings
  "model": "opus",
  "permissions": {
    "deny": ["Read(./.env)"],
    "allow": ["Bash(ls:*)"]
  }
}
`;

describe('Claude Code native policy', () => {
  it('adds deny and ask entries beside the person\'s, skips allows with why, keeps comments', () => {
    const out = policy.render([rule('deny', 'Bash(git push:*)'), rule('ask', 'WebFetch'), rule('allow', 'Bash(npm test:*)'), rule('deny', 'Read(./.env)'), rule('deny', 'Bash(rm:*)', { scope: '/w' })], PERSON, []);
    expect(out.text).toContain('// my settings');
    expect(parse(out.text)).toEqual({ model: 'opus', permissions: { deny: ['Read(./.env)', 'Bash(git push:*)'], allow: ['Bash(ls:*)'], ask: ['WebFetch'] } });
    // The person's own Read(./.env) is theirs: not owned, so --remove keeps it.
    expect(out.owned).toEqual(['deny Bash(git push:*)', '+list ask', 'ask WebFetch']);
    expect(out.skipped.map((s) => [s.rule.pattern, s.why])).toEqual([
      ['Bash(npm test:*)', expect.stringContaining('while Gatehouse is down')],
      ['Bash(rm:*)', expect.stringContaining('one workspace')],
    ]);
  });

  it('re-sync replaces only its own entries, and remove restores the person\'s file', () => {
    const first = policy.render([rule('deny', 'Bash(git push:*)'), rule('ask', 'WebFetch')], PERSON, []);
    const second = policy.render([rule('deny', 'Bash(curl:*)')], first.text, first.owned);
    expect(parse(second.text).permissions).toEqual({ deny: ['Read(./.env)', 'Bash(curl:*)'], allow: ['Bash(ls:*)'] });
    expect(parse(policy.remove(second.text, second.owned)!)).toEqual(parse(PERSON));
    // Into a file with no permissions at all, and back.
    const bare = '{\n  "model": "opus"\n}\n';
    const added = policy.render([rule('deny', 'Bash(rm:*)')], bare, []);
    expect(parse(added.text)).toEqual({ model: 'opus', permissions: { deny: ['Bash(rm:*)'] } });
    expect(parse(policy.remove(added.text, added.owned)!)).toEqual(parse(bare));
  });

  it.each(['{ "permissions": [] }', '{ "permissions": { "deny": "Bash" } }', '{ not json'])('refuses %s with a clear error', (text) => {
    expect(() => policy.render([rule('deny', 'Bash(rm:*)')], text, [])).toThrow(/nothing was written/);
  });
});

describe.skipIf(!BUILT)('gatehouse rules sync claude-code', () => {
  it('edits the project settings, imports back, --remove leaves the person\'s entries', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-sync-claude-'));
    try {
      const project = join(root, 'p');
      mkdirSync(join(project, '.claude'), { recursive: true });
      const file = join(project, '.claude', 'settings.json');
      writeFileSync(file, PERSON);
      const env = { HOME: root, GATEHOUSE_HOME: join(root, 'a') };
      await runCli(['rules', 'add', '--action', 'deny', 'Bash(git push:*)'], { env });
      const synced = await runCli(['rules', 'sync', 'claude-code', '--project', project], { env });
      expect(synced.stdout).toContain(`wrote 1 rule to ${file}`);
      expect(parse(readFileSync(file, 'utf8')).permissions.deny).toEqual(['Read(./.env)', 'Bash(git push:*)']);
      const again = await runCli(['rules', 'sync', 'claude-code', '--project', project], { env });
      expect(again.code).toBe(0);
      expect(parse(readFileSync(file, 'utf8')).permissions.deny).toEqual(['Read(./.env)', 'Bash(git push:*)']);
      const imported = await runCli(['rules', 'import', file], { env: { ...env, GATEHOUSE_HOME: join(root, 'b') } });
      expect(imported.stdout).toContain('3 imported');
      await runCli(['rules', 'sync', 'claude-code', '--project', project, '--remove'], { env });
      expect(readFileSync(file, 'utf8')).toBe(PERSON);
      // Changed by the person since: only sync's entry goes, theirs stay.
      await runCli(['rules', 'sync', 'claude-code', '--project', project], { env });
      const changed = readFileSync(file, 'utf8').replace('"model": "opus"', '"model": "sonnet"');
      writeFileSync(file, changed);
      await runCli(['rules', 'sync', 'claude-code', '--project', project, '--remove'], { env });
      expect(parse(readFileSync(file, 'utf8'))).toEqual({ ...parse(PERSON), model: 'sonnet' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
