import Database from 'better-sqlite3';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAudit } from '../../../main/core/cli/audit.js';
import { runRules } from '../../../main/core/cli/rules.js';
import type { CliIo } from '../../../main/core/cli/store-cli.js';
import { openStore } from '../../../main/core/store/index.js';
import { approved, request, verdict } from './fixtures.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Runs one CLI command against the temp GATEHOUSE_HOME and captures what it printed. */
async function run(cmd: typeof runAudit, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), env: { GATEHOUSE_HOME: home } };
  const code = await cmd(argv, io);
  return { code, stdout, stderr };
}

function seed(n: number) {
  const store = openStore(join(home, 'gatehouse.db'));
  for (let i = 0; i < n; i++) {
    const r = request({ args: { command: i === 1 ? '=1+2 "quoted, text"' : `echo ${i}` }, tool_name: i === 2 ? 'Read' : 'Bash' });
    store.insertRequest(r, verdict());
    store.recordDecision(r.id, approved({ status: i === 3 ? 'denied' : 'approved' }));
  }
  store.close();
}

describe('gatehouse audit', () => {
  it('verify: all entries check out, then reports an edited and a removed row with exit 1', async () => {
    seed(5);
    expect(await run(runAudit, 'verify')).toEqual({ code: 0, stdout: 'all 5 entries check out\n', stderr: '' });
    const db = new Database(join(home, 'gatehouse.db'));
    db.prepare("UPDATE audit SET summary = 'echo innocent' WHERE seq = 4").run();
    db.close();
    const edited = await run(runAudit, 'verify');
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/^audit entry #4 \(\w+\) was altered after it was written; the 3 entries before it check out\n$/);
    const db2 = new Database(join(home, 'gatehouse.db'));
    db2.prepare('DELETE FROM audit WHERE seq = 2').run();
    db2.close();
    expect((await run(runAudit, 'verify')).stderr).toMatch(/^audit entry #2 is missing: it was removed/);
  });

  it('query: filters, full-text words, JSON and paging', async () => {
    seed(5);
    const denied = await run(runAudit, 'query', '--status', 'denied');
    expect(denied.code).toBe(0);
    expect(denied.stdout).toMatch(/^#4 .*denied.*Bash {2}echo 3\n$/);
    const words = await run(runAudit, 'query', 'echo', '4');
    expect(words.stdout.trim().split('\n')).toHaveLength(1);
    const json = JSON.parse((await run(runAudit, 'query', '--limit', '2', '--json')).stdout) as { entries: Array<{ seq: number }>; next_cursor: string };
    expect(json.entries.map((e) => e.seq)).toEqual([5, 4]);
    const next = await run(runAudit, 'query', '--limit', '2', '--cursor', json.next_cursor, '--tool', 'Bash');
    expect(next.stdout).toMatch(/^#2 .*\n#1 .*\n$/);
    expect((await run(runAudit, 'query', '--from', '1h')).stdout).toBe('no matching audit entries\n');
  });

  it('export: CSV to a file (0600, neutralised), NDJSON to stdout', async () => {
    seed(3);
    const out = join(home, 'audit.csv');
    const res = await run(runAudit, 'export', '--format', 'csv', '--out', out, '--tool', 'Bash');
    expect(res).toMatchObject({ code: 0, stderr: `exported 2 audit entries to ${out}\n` });
    const csv = readFileSync(out, 'utf8');
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(csv).toContain(`"'=1+2 ""quoted, text"""`);
    if (process.platform !== 'win32') expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readdirSync(home).filter((f) => f.includes('.partial-'))).toEqual([]);
    const nd = await run(runAudit, 'export', '--format', 'ndjson');
    expect(nd.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([1, 2, 3]);
  });

  it.each<[string[], number, RegExp]>([
    [['export'], 2, /--format csv\|json\|ndjson is required/],
    [['export', '--format', 'xml'], 2, /--format/],
    [['query', '--status', 'sideways'], 1, /status must be one of/],
    [['query', '--from', 'whenever'], 2, /--from takes an ISO time/],
    [['query', '--bogus'], 2, /Unknown option '--bogus'/],
    [['query', '--limit', '0'], 2, /--limit must be/],
    [['frobnicate'], 2, /unknown subcommand "frobnicate"/],
    [[], 2, /missing subcommand/],
  ])('audit %j fails clearly (exit %i)', async (argv, code, message) => {
    seed(1);
    const res = await run(runAudit, ...argv);
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
    expect(res.stderr.split('\n')[0]).toMatch(/^gatehouse audit: /);
  });

  it('export --out never replaces a symlink, a device or (without --force) an existing file; query shows escapes inert', async () => {
    seed(2);
    const victim = join(home, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const link = join(home, 'link.csv');
    symlinkSync(victim, link);
    const viaLink = await run(runAudit, 'export', '--format', 'csv', '--out', link);
    expect(viaLink.code).toBe(2);
    expect(viaLink.stderr).toMatch(/refusing to write .*link\.csv: it is a symbolic link/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    const device = await run(runAudit, 'export', '--format', 'csv', '--out', '/dev/null');
    expect(device.stderr).toMatch(/it is a device, pipe or socket/);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    expect((await run(runAudit, 'export', '--format', 'csv', '--out', victim)).stderr).toMatch(/already exists \(add --force/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect((await run(runAudit, 'export', '--format', 'csv', '--out', victim, '--force')).code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toMatch(/^seq,/);
    expect(readdirSync(home).filter((f) => f.includes('.partial-'))).toEqual([]);
  });

  it('query prints terminal escapes and bidi controls as visible stand-ins, never raw', async () => {
    const store = openStore(join(home, 'gatehouse.db'));
    store.insertRequest(request({ args: { command: 'echo \u001b]0;pwned\u0007\u001b[2J hi \u202Egnp.exe' } }), verdict());
    store.close();
    const out = (await run(runAudit, 'query')).stdout;
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/);
    expect(out).toContain('U+001B');
    expect(out).toContain('U+202E');
  });

  it('refuses to create a database for read-only commands', async () => {
    const res = await run(runAudit, 'verify');
    expect(res).toMatchObject({ code: 1, stderr: expect.stringMatching(/no Gatehouse database at .*gatehouse\.db/) as unknown });
    expect(existsSync(join(home, 'gatehouse.db'))).toBe(false);
  });

  it('leaves no half-written file when the export fails', async () => {
    seed(2);
    const res = await run(runAudit, 'export', '--format', 'csv', '--out', join(home, 'missing-dir', 'x.csv'));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^gatehouse audit: cannot write .*x\.csv: ENOENT/);
    const bad = await run(runAudit, 'export', '--format', 'csv', '--out', join(home, 'y.csv'), '--status', 'sideways');
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringMatching(/status must be one of/) as unknown });
    expect(readdirSync(home).filter((f) => f.startsWith('y.csv'))).toEqual([]);
  });
});

describe('gatehouse rules', () => {
  it('add, list, disable, enable, remove (by id prefix)', async () => {
    const added = await run(runRules, 'add', '--action', 'allow', 'Bash(git push)', '--expires', '30m', '--uses', '3', '--note', 'release', '--json');
    expect(added.code).toBe(0);
    const rule = JSON.parse(added.stdout) as { id: string; expires_at: string; uses_left: number; note: string };
    expect(rule.uses_left).toBe(3);
    expect(Date.parse(rule.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await run(runRules, 'list')).stdout).toMatch(/allow  Bash\(git push\)  \(everywhere, until .*, 3 uses left, 0 hits, note: release\)/);

    const prefix = rule.id.slice(0, 20).toLowerCase();
    expect((await run(runRules, 'disable', prefix)).stdout).toBe(`disabled rule ${rule.id}\n`);
    expect((await run(runRules, 'list')).stdout).toContain('DISABLED');
    expect((await run(runRules, 'enable', rule.id)).code).toBe(0);
    expect((await run(runRules, 'remove', rule.id)).stdout).toBe(`removed rule ${rule.id}\n`);
    expect((await run(runRules, 'list')).stdout).toBe('no rules\n');
    expect(await run(runRules, 'remove', rule.id)).toMatchObject({ code: 1, stderr: expect.stringMatching(/no rule with id/) as unknown });
  });

  it('preset: lists the presets, shows one rule by rule, applies it once (a second time adds nothing)', async () => {
    const listed = await run(runRules, 'preset');
    expect(listed.stdout).toMatch(/^everyday\s+Everyday work \(recommended\)/);
    expect(listed.stdout).toContain('safe-defaults');
    const shown = await run(runRules, 'preset', 'everyday', '--show');
    expect(shown.stdout).toContain('allow Bash(git status:*)');
    expect(shown.stdout).toContain('setting: contain instead of asking on');
    expect((await run(runRules, 'list', '--json')).stdout).toBe('[]\n');
    const applied = await run(runRules, 'preset', 'everyday');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/Everyday work \(recommended\): \d+ added, 0 skipped/);
    expect(applied.stdout).toContain('setting: contain instead of asking on');
    const rules = JSON.parse((await run(runRules, 'list', '--json')).stdout) as Array<{ source: string }>;
    expect(rules.length).toBeGreaterThan(50);
    expect(rules.every((r) => r.source === 'preset')).toBe(true);
    expect((await run(runRules, 'preset', 'everyday')).stdout).toMatch(/: 0 added, \d+ skipped/);
    expect(await run(runRules, 'preset', 'nope')).toMatchObject({ code: 2, stderr: expect.stringMatching(/no preset named "nope"; known: everyday, safe-defaults/) as unknown });
  });

  it('scopes a rule to a workspace folder', async () => {
    const res = await run(runRules, 'add', '--action', 'deny', 'Bash(rm:*)', '--scope', home, '--json');
    expect((JSON.parse(res.stdout) as { scope: string }).scope).toBe(home);
  });

  it.each<[string[], number, RegExp]>([
    [['add', '--action', 'allow', 'Bash(git status'], 1, /unbalanced parentheses/],
    [['add', '--action', 'maybe', 'Bash'], 1, /action must be one of/],
    [['add', 'Bash'], 2, /--action/],
    [['add', '--action', 'allow', 'Bash(git', 'status)'], 2, /quote a pattern/],
    [['add', '--action', 'allow', 'Bash', '--uses', 'lots'], 2, /--uses must be/],
    [['add', '--action', 'allow', 'Bash', '--expires', 'later'], 2, /--expires takes/],
    [['remove'], 2, /missing rule ID/],
    [['import', '/nonexistent/settings.json'], 1, /cannot read/],
  ])('rules %j fails clearly (exit %i) and saves nothing', async (argv, code, message) => {
    const res = await run(runRules, ...argv);
    expect(res.code).toBe(code);
    expect(res.stderr).toMatch(message);
    expect((await run(runRules, 'list', '--json')).stdout).toBe('[]\n');
  });

  it('imports a real-looking Claude Code settings file, reporting what it cannot map, and exports the same shape', async () => {
    const settings = join(home, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({
        $schema: 'https://json.schemastore.org/claude-code-settings.json',
        permissions: {
          allow: ['Bash(npm run test:*)', 'Bash(git status)', 'Read(./src/**)', 'WebFetch(domain:docs.anthropic.com)', 'mcp__github__get_issue', 'Bash(git diff'],
          ask: ['Bash(git push:*)'],
          deny: ['Read(./.env)', 'Read(./secrets/**)', 42],
          defaultMode: 'acceptEdits',
          additionalDirectories: ['../docs/'],
        },
        hooks: {},
      }),
    );
    const res = await run(runRules, 'import', settings);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/8 imported, 2 skipped\n$/);
    expect(res.stdout).toMatch(/skipped Bash\(git diff: .*unbalanced/);
    expect(res.stdout).toMatch(/skipped 42: not a string/);
    const again = await run(runRules, 'import', settings);
    expect(again.stdout).toMatch(/0 imported, 10 skipped\n$/);

    const exported = JSON.parse((await run(runRules, 'export')).stdout) as { permissions: Record<string, string[]> };
    expect(exported.permissions.deny).toEqual(['Read(./.env)', 'Read(./secrets/**)']);
    expect(exported.permissions.ask).toEqual(['Bash(git push:*)']);
    expect(exported.permissions.allow).toHaveLength(5);
  });
});
