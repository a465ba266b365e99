// gatehouse install/uninstall/status for Copilot CLI on real files in temp homes: the user's settings.json (comments
// kept, restored byte for byte), a repository's .github/hooks/gatehouse.json (created, and removed again), a timeout
// above the hook's own, and status saying a repository hook runs only in a folder Copilot trusts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-copilot-install-'));
  env = { HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gh'), COPILOT_HOME: '' };
  mkdirSync(join(root, 'home', '.copilot'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { env });
const settings = () => join(root, 'home', '.copilot', 'settings.json');
const PERSON = '{\n  // mine\n  "banner": "never",\n  "hooks": { "preToolUse": [ { "type": "command", "bash": "./lint.sh" } ] }\n}\n';

describe.skipIf(!BUILT)('Copilot CLI install', () => {
  it('adds preToolUse, postToolUse and sessionEnd beside the person\'s hook; uninstall restores the bytes', async () => {
    writeFileSync(settings(), PERSON);
    expect((await cli('install', 'copilot')).code).toBe(0);
    const installed = readFileSync(settings(), 'utf8');
    expect(installed).toContain('// mine');
    const hooks = (parse(installed) as { hooks: Record<string, any[]> }).hooks;
    expect(Object.keys(hooks)).toEqual(['preToolUse', 'postToolUse', 'sessionEnd']);
    expect(hooks['preToolUse']![0]).toEqual({ type: 'command', bash: './lint.sh' });
    // Copilot lets the call run when a hook times out: its limit is above the hook client's 595 s.
    expect(hooks['preToolUse']![1].hooks[0]).toMatchObject({ type: 'command', command: expect.stringMatching(/gatehouse\.js hook copilot --home .* \|\| \{/), timeoutSec: 600 });
    expect((await cli('install', 'copilot')).stdout).toContain('already installed');
    expect((await cli('uninstall', 'copilot')).code).toBe(0);
    expect(readFileSync(settings(), 'utf8')).toBe(PERSON);
  });

  it('respects COPILOT_HOME', async () => {
    env.COPILOT_HOME = join(root, 'elsewhere');
    await cli('install', 'copilot');
    expect(existsSync(join(root, 'elsewhere', 'settings.json'))).toBe(true);
    expect(existsSync(settings())).toBe(false);
  });

  it('a repository hook: a new .github/hooks/gatehouse.json of version 1, removed by uninstall; status says it needs a trusted folder', async () => {
    const repo = join(root, 'repo');
    mkdirSync(repo);
    const file = join(repo, '.github', 'hooks', 'gatehouse.json');
    const installed = await cli('install', 'copilot', '--project', repo);
    expect(installed.stdout).toContain('runs repository hooks only in a trusted folder');
    expect(parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, hooks: { preToolUse: [{ hooks: [{ type: 'command' }] }] } });
    expect((await cli('status', '--project', repo)).stdout).toMatch(/Copilot CLI \(project .*\): hook installed in .*\n {2}would not run: Copilot CLI runs repository hooks only in a trusted folder/);
    writeFileSync(join(root, 'home', '.copilot', 'config.json'), `// managed by Copilot\n{ "trustedFolders": [${JSON.stringify(root)}] }\n`);
    expect((await cli('status', '--project', repo)).stdout).toMatch(/Copilot CLI \(project .*\): hook installed in .*; it runs/);
    await cli('uninstall', 'copilot', '--project', repo);
    expect(existsSync(file)).toBe(false);
  });

  it('rules sync says Copilot has no policy file to write', async () => {
    const r = await cli('rules', 'sync', 'copilot');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Copilot CLI has no policy file');
  });
});
