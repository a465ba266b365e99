// gatehouse install/uninstall/status for Cursor on real files in temp homes: the user's ~/.cursor/hooks.json (the
// person's hooks and comments kept, restored byte for byte), a project's .cursor/hooks.json (created as version 1, and
// removed again), entries that fail closed with a timeout above the hook's own, and a hooks file of another version
// left alone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT, runCli } from '../cli/run-cli.js';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-cursor-install-'));
  env = { HOME: join(root, 'home'), GATEHOUSE_HOME: join(root, 'gh') };
  mkdirSync(join(root, 'home', '.cursor'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { env });
const hooksFile = () => join(root, 'home', '.cursor', 'hooks.json');
const PERSON = '{\n  // mine\n  "version": 1,\n  "hooks": {\n    "beforeShellExecution": [{ "command": "./audit.sh" }],\n    "afterFileEdit": [{ "command": "prettier" }]\n  }\n}\n';

describe.skipIf(!BUILT)('Cursor install', () => {
  it('adds its four events beside the person\'s hooks; again is a no-op; uninstall restores the bytes', async () => {
    writeFileSync(hooksFile(), PERSON);
    expect((await cli('install', 'cursor')).code).toBe(0);
    const installed = readFileSync(hooksFile(), 'utf8');
    expect(installed).toContain('// mine');
    const hooks = (parse(installed) as { hooks: Record<string, any[]> }).hooks;
    expect(Object.keys(hooks)).toEqual(['beforeShellExecution', 'afterFileEdit', 'beforeMCPExecution', 'beforeReadFile', 'preToolUse']);
    expect(hooks['beforeShellExecution']![0]).toEqual({ command: './audit.sh' });
    // Cursor runs the call when a hook fails, unless failClosed; its limit is above the hook client's 595 s.
    expect(hooks['beforeShellExecution']![1]).toEqual({ command: expect.stringMatching(/gatehouse\.js hook cursor --home .* \|\| \{/), timeout: 600, failClosed: true });
    expect((await cli('install', 'cursor')).stdout).toContain('already installed');
    expect(readFileSync(hooksFile(), 'utf8')).toBe(installed);
    expect((await cli('uninstall', 'cursor')).code).toBe(0);
    expect(readFileSync(hooksFile(), 'utf8')).toBe(PERSON);
  });

  it('uninstall after the person edited the file takes out only Gatehouse\'s entries', async () => {
    writeFileSync(hooksFile(), PERSON);
    await cli('install', 'cursor');
    const edited = readFileSync(hooksFile(), 'utf8').replace('"./audit.sh"', '"./audit2.sh"');
    writeFileSync(hooksFile(), edited);
    expect((await cli('uninstall', 'cursor')).code).toBe(0);
    const left = readFileSync(hooksFile(), 'utf8');
    expect(left).toContain('// mine');
    expect(parse(left)).toEqual(parse(PERSON.replace('"./audit.sh"', '"./audit2.sh"')));
  });

  it('dry-run shows the change and writes nothing', async () => {
    const r = await cli('install', 'cursor', '--dry-run');
    expect(r.stdout).toContain('hook cursor');
    expect(existsSync(hooksFile())).toBe(false);
  });

  it('a project: a new .cursor/hooks.json of version 1, listed by status, removed by uninstall', async () => {
    const repo = join(root, 'repo');
    mkdirSync(repo);
    const file = join(repo, '.cursor', 'hooks.json');
    expect((await cli('install', 'cursor', '--project', repo)).code).toBe(0);
    expect(parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, hooks: { beforeShellExecution: [{ failClosed: true }], preToolUse: [{ failClosed: true }] } });
    expect((await cli('status', '--project', repo)).stdout).toMatch(/Cursor \(project .*\): hook installed in /);
    await cli('uninstall', 'cursor', '--project', repo);
    expect(existsSync(file)).toBe(false);
  });

  it('a hooks file of another version is left alone', async () => {
    const other = '{ "version": 2, "hooks": {} }\n';
    writeFileSync(hooksFile(), other);
    const r = await cli('install', 'cursor');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('not 1');
    expect(readFileSync(hooksFile(), 'utf8')).toBe(other);
  });

  it('rules sync says Cursor has no policy file to write', async () => {
    const r = await cli('rules', 'sync', 'cursor');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Cursor has no documented policy file');
  });
});

describe.skipIf(!BUILT)('Cursor status', () => {
  it('names an installed hook whose program is gone (every call is refused until it is installed again)', async () => {
    const command = `/nonexistent/node ${join(root, 'moved', 'bin', 'gatehouse.js')} hook cursor`;
    writeFileSync(hooksFile(), JSON.stringify({ version: 1, hooks: { beforeShellExecution: [{ command, failClosed: true }] } }));
    expect((await cli('status')).stdout).toMatch(/Cursor \(user\): hook installed in .*\n.*cannot run Gatehouse: its node \/nonexistent\/node is gone/);
  });
});
