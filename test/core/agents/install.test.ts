// gatehouse install/uninstall on real files in temp homes: comments and layout kept, idempotent, byte-for-byte
// restore, surgical removal when the person changed the file since, and hostile files refused with nothing written.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';
import { createHash } from 'node:crypto';
import { trustHash } from '../../../main/core/agents/codex/trust.js';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-install-'));
  env = { HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gh'), CLAUDE_CONFIG_DIR: '', GEMINI_CLI_HOME: '', CODEX_HOME: '' };
  mkdirSync(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { env });
const claudeSettings = () => join(root, 'home', '.claude', 'settings.json');

const PERSON = `{
    // my own settings: keep this comment
    "model": "opus",
    "hooks": {
        "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "my-linter" } ] } ]
    }
}
`;

describe.skipIf(!BUILT)('install and uninstall', () => {
  it('keeps comments, other settings and indentation; a second install changes nothing; uninstall restores bytes', async () => {
    mkdirSync(join(root, 'home', '.claude'));
    writeFileSync(claudeSettings(), PERSON);
    expect((await cli('install', 'claude-code')).code).toBe(0);
    const installed = readFileSync(claudeSettings(), 'utf8');
    expect(installed).toContain('// my own settings: keep this comment');
    expect(installed).toContain('"command": "my-linter"');
    expect(installed).toMatch(/\n {8}[{"]/);
    expect(installed).toMatch(/gatehouse\.js hook claude-code/);
    expect(Object.keys((parse(installed) as { hooks: object }).hooks)).toEqual(['PreToolUse', 'PostToolUse']);
    const again = await cli('install', 'claude-code');
    expect(again.stdout).toContain('already installed');
    expect(readFileSync(claudeSettings(), 'utf8')).toBe(installed);
    expect((await cli('uninstall', 'claude-code')).code).toBe(0);
    expect(readFileSync(claudeSettings(), 'utf8')).toBe(PERSON);
  });

  it('when the person changed the file since, uninstall removes only the hook', async () => {
    mkdirSync(join(root, 'home', '.claude'));
    writeFileSync(claudeSettings(), PERSON);
    await cli('install', 'claude-code');
    writeFileSync(claudeSettings(), readFileSync(claudeSettings(), 'utf8').replace('"opus"', '"sonnet"'));
    await cli('uninstall', 'claude-code');
    const left = readFileSync(claudeSettings(), 'utf8');
    expect(left).toContain('// my own settings: keep this comment');
    expect(parse(left)).toEqual(parse(PERSON.replace('"opus"', '"sonnet"')));
  });

  it('creates a missing file and uninstall removes it again; --dry-run writes nothing', async () => {
    const dry = await cli('install', 'gemini', '--dry-run');
    expect(dry.stdout).toContain('+        "hooks": [');
    expect(existsSync(join(root, 'home', '.gemini', 'settings.json'))).toBe(false);
    await cli('install', 'gemini');
    const gemini = JSON.parse(readFileSync(join(root, 'home', '.gemini', 'settings.json'), 'utf8'));
    expect(gemini.hooks.BeforeTool[0].hooks[0]).toMatchObject({ type: 'command', timeout: 600000 });
    expect(gemini.hooks.AfterTool[0].hooks[0]).toEqual(gemini.hooks.BeforeTool[0].hooks[0]);
    await cli('uninstall', 'gemini');
    expect(existsSync(join(root, 'home', '.gemini', 'settings.json'))).toBe(false);
  });

  it('respects CODEX_HOME and writes the trust entry Codex computes', async () => {
    env.CODEX_HOME = join(root, 'codex');
    mkdirSync(env.CODEX_HOME);
    writeFileSync(join(env.CODEX_HOME, 'config.toml'), '# mine\nmodel = "o3"\n');
    await cli('install', 'codex');
    const hooks = JSON.parse(readFileSync(join(env.CODEX_HOME, 'hooks.json'), 'utf8'));
    const command = hooks.hooks.PreToolUse[0].hooks[0].command as string;
    const toml = readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8');
    expect(toml.startsWith('# mine\nmodel = "o3"\n')).toBe(true);
    expect(toml).toContain(`[hooks.state."${join(env.CODEX_HOME, 'hooks.json')}:pre_tool_use:0:0"]\ntrusted_hash = "${trustHash('pre_tool_use', { hooks: [{ command, timeout: 600 }] })}"`);
    // PostToolUse (the call ran: undo's after-snapshot) is trusted the same way.
    expect(hooks.hooks.PostToolUse[0].hooks[0].command).toBe(command);
    expect(toml).toContain(`[hooks.state."${join(env.CODEX_HOME, 'hooks.json')}:post_tool_use:0:0"]\ntrusted_hash = "${trustHash('post_tool_use', { hooks: [{ command, timeout: 600 }] })}"`);
    expect((await cli('status')).stdout).toMatch(/Codex \(user\): hook installed in .*; it runs/);
    await cli('uninstall', 'codex');
    expect(readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8')).toBe('# mine\nmodel = "o3"\n');
    await cli('install', 'codex');
    writeFileSync(join(env.CODEX_HOME, 'config.toml'), '# mine\nmodel = "o3"\n');
    const status = await cli('status');
    expect(status.code).toBe(1);
    expect(status.stdout).toContain('would not run: Codex would skip the PreToolUse hook');
  });

  it('refuses an unparseable, a read-only and a symlinked-out config, writing nothing', async () => {
    mkdirSync(join(root, 'home', '.claude'));
    writeFileSync(claudeSettings(), '{ "model": ');
    let r = await cli('install', 'claude-code');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/does not parse .* at line 1\); nothing was written/);
    expect(readFileSync(claudeSettings(), 'utf8')).toBe('{ "model": ');

    writeFileSync(claudeSettings(), '{}\n');
    chmodSync(claudeSettings(), 0o444);
    if (process.getuid?.() !== 0) {
      r = await cli('install', 'claude-code');
      expect(r.stderr).toContain('is read-only');
      expect(readFileSync(claudeSettings(), 'utf8')).toBe('{}\n');
    }
    rmSync(claudeSettings());

    const outside = join(root, 'elsewhere.json');
    writeFileSync(outside, '{}\n');
    symlinkSync(outside, claudeSettings());
    r = await cli('install', 'claude-code');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('outside');
    expect(readFileSync(outside, 'utf8')).toBe('{}\n');
  });
});

describe('Codex trust hash', () => {
  it('is sha256 over the sorted-key JSON Codex hashes', () => {
    // {"event_name":"pre_tool_use","hooks":[{"async":false,"command":"x","timeout":600,"type":"command"}]}
    expect(trustHash('pre_tool_use', { hooks: [{ command: 'x' }] })).toBe('sha256:' + createHash('sha256').update('{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"x","timeout":600,"type":"command"}]}').digest('hex'));
  });
});
