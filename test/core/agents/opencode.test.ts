// OpenCode in Gatehouse's terms: its tool calls translated into the one vocabulary (and hostile shapes left unknown),
// the strict answer its plugin acts on, the person's edits handed back in OpenCode's spelling, deny-only permission
// sync, and install/uninstall of the plugin file on real files.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rule } from '../policy/fixture.js';
import { BUILT, runCli } from '../cli/run-cli.js';
import { opencodeHook } from '../../../main/core/agents/opencode/hook-io.js';
import { editedOpenCodeArgs, opencodeToGatehouse } from '../../../main/core/agents/opencode/tools.js';
import { opencodeTranslator } from '../../../main/core/agents/opencode/translate.js';
import { opencodeNativePolicy, parseOpenCodePermission } from '../../../main/core/agents/opencode/native-policy.js';
import { shellTarget, toolFamily } from '../../../main/core/policy/request/tools.js';
import type { RequestRecord } from '../../../common/domain.js';

describe('OpenCode tools in Gatehouse terms', () => {
  it.each([
    ['bash', { command: 'npm test', description: 'd', timeout: 5 }, 'Bash', { command: 'npm test', description: 'd', timeout: 5 }],
    ['bash', { command: 'ls', workdir: '/w/sub' }, 'Bash', { command: 'ls', workdir: '/w/sub' }],
    ['read', { filePath: '/w/a.ts', offset: 1, limit: 2 }, 'Read', { file_path: '/w/a.ts', offset: 1, limit: 2 }],
    ['write', { filePath: '/w/a', content: 'c' }, 'Write', { file_path: '/w/a', content: 'c' }],
    ['edit', { filePath: '/w/a', oldString: 'a', newString: 'b', replaceAll: true }, 'Edit', { file_path: '/w/a', old_string: 'a', new_string: 'b', replace_all: true }],
    ['glob', { pattern: '**/*.ts', path: 'src' }, 'Glob', { pattern: '**/*.ts', path: 'src' }],
    ['grep', { pattern: 'x', path: '.', include: '*.env' }, 'Grep', { pattern: 'x', path: '.', include: '*.env' }],
    ['list', { path: '/w' }, 'LS', { path: '/w' }],
    ['webfetch', { url: 'https://example.com', format: 'markdown' }, 'WebFetch', { url: 'https://example.com', format: 'markdown' }],
  ])('%s %j → %s', (name, input, tool, args) => {
    expect(opencodeToGatehouse(name, input)).toEqual({ toolName: tool, args });
  });

  it.each([
    // A field Gatehouse does not read may be one OpenCode acts on: the call stays unknown, never the known tool with it dropped.
    ['read', { filePath: 'src/a.ts', path: '/home/me/.ssh/id_rsa' }],
    ['bash', { command: 'ls', cwd: '/home/me/.aws' }],
    ['edit', { filePath: 'a', oldString: 'x', newString: 'y', edits: [{ filePath: '/etc/passwd' }] }],
    ['write', JSON.parse('{"filePath":"a","content":"c","__proto__":{"x":1}}') as Record<string, unknown>],
    // Names that are not OpenCode tools, including ones an object lookup would find.
    ['apply_patch', { patchText: '*** Begin Patch' }],
    ['task', { prompt: 'p' }],
    ['github_create_issue', { title: 't' }],
    ['__proto__', { command: 'rm -rf /' }],
    ['constructor', { command: 'rm -rf /' }],
    ['hasOwnProperty', { command: 'x' }],
    ['Bash', { command: 'rm -rf /' }],
  ])('%s %j stays a tool Gatehouse does not know', (name, input) => {
    const call = opencodeToGatehouse(name, input);
    expect(call.args).toEqual(input);
    // Its own name, or `opencode_<name>` where that name is another tool in Gatehouse's vocabulary (`Bash`).
    expect(call.toolName).toBe(name === 'Bash' ? 'opencode_Bash' : name);
    expect(toolFamily(call.toolName)).toBe('other');
  });

  it("judges an OpenCode command where it runs: its workdir, not the session's folder", () => {
    const request = { agent: 'opencode', tool_name: 'Bash', args: { command: 'cat credentials', workdir: '/home/me/.aws' } } as never;
    expect(shellTarget(request)).toEqual({ command: 'cat credentials', dir: '/home/me/.aws' });
  });

  it('hands edited arguments back in OpenCode spelling; an edit it cannot spell is null', () => {
    expect(editedOpenCodeArgs('edit', { filePath: 'a', oldString: 'x', newString: 'y' }, { file_path: 'b', old_string: 'x', new_string: 'z' })).toEqual({ filePath: 'b', oldString: 'x', newString: 'z' });
    expect(editedOpenCodeArgs('bash', { command: 'rm -rf x' }, { command: 'ls' })).toEqual({ command: 'ls' });
    expect(editedOpenCodeArgs('bash', { command: 'ls' }, { command: 'ls', dir_path: '/' })).toBeNull();
    // Untranslated calls were shown in OpenCode's terms, and come back as edited.
    expect(editedOpenCodeArgs('task', { prompt: 'p' }, { prompt: 'q' })).toEqual({ prompt: 'q' });
  });
});

describe('OpenCode answers', () => {
  it.each([
    [{ decision: 'allow', reason: 'ok' }, '{"decision":"allow","reason":"ok"}\n'],
    [{ decision: 'allow', args: { command: 'ls' } }, '{"decision":"allow","args":{"command":"ls"}}\n'],
    [{ decision: 'deny', reason: 'no' }, '{"decision":"deny","reason":"no"}\n'],
    [{ decision: 'deny', args: {} }, null],
    [{ decision: 'allow', args: ['ls'] }, null],
    [{ decision: 'allow', args: null }, null],
    [{ decision: 'ask' }, null],
    [{ decision: 'allow', extra: 1 }, null],
    [{ decision: 'allow', reason: 5 }, null],
    [[{ decision: 'allow' }], null],
    [null, null],
    [{}, null],
  ])('%j → %j', (value, printed) => {
    expect(opencodeHook.render(value, 'tool.execute.before')).toBe(printed);
  });

  it('answers only tool.execute.before; a missing decision is a deny the plugin throws', () => {
    expect(opencodeHook.render({ decision: 'allow' }, 'tool.execute.after')).toBeNull();
    expect(JSON.parse(opencodeHook.fallback('tool.execute.before', 'Gatehouse is not running'))).toEqual({ decision: 'deny', reason: expect.stringContaining('Gatehouse is not running') });
    expect(opencodeHook.silentExit).toBe(2);
  });

  it('refuses an approval whose edit OpenCode cannot receive, rather than running the unedited call', () => {
    const record = { verdict: { reasons: [] }, decision: { decided_by: 'user', updated_args: { command: 'ls', dir_path: '/' } } } as unknown as RequestRecord;
    const event = { hook_event_name: 'tool.execute.before', tool_name: 'bash', tool_input: { command: 'rm -rf x' } };
    expect(opencodeTranslator.answer(event, record, 'allow')).toMatchObject({ decision: 'deny' });
    expect(() => opencodeTranslator.toSubmit({ ...event, hook_event_name: 'PreToolUse' })).toThrow(/not handled/);
    expect(opencodeTranslator.toSubmit({ ...event, session_id: 's', cwd: '/w' })).toMatchObject({ agent: 'opencode', tool_name: 'Bash', args: { command: 'rm -rf x' }, session_id: 's', cwd: '/w' });
  });
});

describe('OpenCode native policy', () => {
  const PERSON = '{\n  // mine\n  "model": "x/y",\n  "permission": { "bash": { "*": "allow", "git push *": "allow" } }\n}\n';

  it('writes deny rules beside the person\'s entries, skips the rest with why, and takes only its own away', () => {
    const out = opencodeNativePolicy.render(
      [rule('deny', 'Bash(rm -rf:*)'), rule('deny', 'Bash(git push:*)'), rule('deny', 'WebFetch'), rule('deny', 'Bash(curl "$X")'), rule('allow', 'Bash(ls:*)'), rule('ask', 'Edit'), rule('deny', 'Read(./.env)')],
      PERSON,
      [],
    );
    expect(parse(out.text)).toEqual({ model: 'x/y', permission: { bash: { '*': 'allow', 'git push *': 'allow', 'rm -rf': 'deny', 'rm -rf *': 'deny' }, webfetch: { '*': 'deny' } } });
    expect(out.text).toContain('// mine');
    expect(out.written.map((r) => r.pattern)).toEqual(['Bash(rm -rf:*)', 'WebFetch']);
    expect(out.skipped.map((s) => s.rule.pattern)).toEqual(['Bash(git push:*)', 'Bash(curl "$X")', 'Bash(ls:*)', 'Edit', 'Read(./.env)']);
    const removed = opencodeNativePolicy.remove(out.text, out.owned)!;
    expect(parse(removed)).toEqual(parse(PERSON));
    expect(removed).toContain('// mine');
  });

  it('reads the permission block back as rules, skipping wildcards it cannot spell', () => {
    const { entries, skipped } = parseOpenCodePermission('{"permission":{"bash":{"*":"ask","git status":"allow","npm run *":"allow","rm*":"deny"},"edit":"deny","todowrite":"allow","read":{"*.env":"deny"}}}');
    expect(entries).toEqual([
      { action: 'ask', pattern: 'Bash' },
      { action: 'allow', pattern: 'Bash(git status)' },
      { action: 'allow', pattern: 'Bash(npm run:*)' },
      { action: 'deny', pattern: 'Edit' },
    ]);
    expect(skipped.map((s) => s.entry)).toEqual(['bash rm*', 'todowrite', 'read *.env']);
  });
});

describe.skipIf(!BUILT)('install and uninstall the OpenCode plugin', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  const plugin = () => join(root, 'config', 'opencode', 'plugins', 'gatehouse.js');
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-opencode-install-'));
    env = { HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gh'), XDG_CONFIG_HOME: join(root, 'config') };
    mkdirSync(join(root, 'home'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the plugin into $XDG_CONFIG_HOME/opencode, status sees it, a second install changes nothing, uninstall deletes it', async () => {
    const dry = await runCli(['install', 'opencode', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(existsSync(plugin())).toBe(false);
    expect((await runCli(['install', 'opencode'], { env })).code).toBe(0);
    const text = readFileSync(plugin(), 'utf8');
    expect(text).toMatch(/gatehouse\.js hook opencode/);
    expect((await runCli(['status'], { env })).stdout).toMatch(/OpenCode \(user\): hook installed in .*gatehouse\.js; it runs/);
    expect((await runCli(['install', 'opencode'], { env })).code).toBe(0);
    expect(readFileSync(plugin(), 'utf8')).toBe(text);
    expect((await runCli(['uninstall', 'opencode'], { env })).code).toBe(0);
    expect(existsSync(plugin())).toBe(false);
  }, 120_000);

  it("never overwrites or deletes a plugin the person wrote there", async () => {
    mkdirSync(join(root, 'config', 'opencode', 'plugins'), { recursive: true });
    writeFileSync(plugin(), 'export const Mine = async () => ({});\n');
    const r = await runCli(['install', 'opencode'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/not written by gatehouse install/);
    expect((await runCli(['uninstall', 'opencode'], { env })).code).toBe(0);
    expect(readFileSync(plugin(), 'utf8')).toBe('export const Mine = async () => ({});\n');
  }, 120_000);
});
