// The hook command an install writes, read back as a shell would: the node, program and home it names, whether its
// program is still there, and `gatehouse hook`'s own arguments.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandWords, failsOpen, hookCommand, hookProgram, programProblem, shellWord } from '../../../main/core/agents/hook-command.js';
import { hookArgs } from '../../../main/core/cli/hook.js';
import { tempDir } from '../server/helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('hook commands read back', () => {
  it.each([
    ['/usr/bin/node', '/opt/gatehouse/bin/gatehouse.js', null],
    ['/home/a b/.nvm/node', "/home/o'brien/gate house/bin/gatehouse.js", "/home/o'brien/my home"],
    ['/n', '/p/bin/gatehouse.js', '/h/with $dollar and `tick`'],
  ])('%s %s --home %s', (node, bin, home) => {
    const command = `${shellWord(node)} ${shellWord(bin)} hook codex${home ? ` --home ${shellWord(home)}` : ''} || { exit 2; }`;
    expect(hookProgram(command)).toEqual({ node, bin, cli: 'codex', home });
  });

  it('reads the native client in front of the Node hook command, and flags its tail-less form as failing open', () => {
    const native = '/opt/g/dist/native/gatehouse-hook';
    expect(hookProgram(`${native} /usr/bin/node /opt/g/bin/gatehouse.js hook codex --home '/a b' || { exit 2; }`)).toEqual({ native, node: '/usr/bin/node', bin: '/opt/g/bin/gatehouse.js', cli: 'codex', home: '/a b' });
    expect(failsOpen(`${native} /usr/bin/node /opt/g/bin/gatehouse.js hook codex`)).toBe(true);
    expect(hookProgram(`/opt/g/other-hook /usr/bin/node /opt/g/bin/gatehouse.js hook codex`)).toBeNull();
    expect(hookCommand('codex', { native: false })).not.toContain('gatehouse-hook');
    expect(hookCommand('codex', { native: true, platform: 'win32' })).not.toContain('gatehouse-hook'); // PowerShell: the Node hook only
  });

  it('stops at the fail-closed tail and refuses shapes it does not know', () => {
    expect(commandWords(`a 'b c' || echo 'd'`)).toEqual(['a', 'b c']);
    expect(hookProgram('gatehouse hook codex')).toBeNull();
    expect(hookProgram(`node 'unterminated hook codex`)).toBeNull();
  });

  it('the command written for each agent reads back to this node and program', () => {
    for (const cli of ['claude-code', 'gemini', 'codex', 'copilot']) {
      const p = hookProgram(hookCommand(cli, { home: '/tmp/a home' }));
      expect(p).toMatchObject({ node: process.execPath, home: '/tmp/a home' });
      expect(p?.bin).toMatch(/bin\/gatehouse\.js$/);
    }
    expect(hookCommand('claude-code')).not.toContain('||'); // any failure but exit 2 already sends Claude Code to its prompt
    expect(hookCommand('gemini')).toContain('|| {');
    expect(hookCommand('gemini', { platform: 'win32' })).not.toContain('||'); // PowerShell runs Windows hooks
  });
});

describe('failsOpen', () => {
  it('flags a Gemini or Codex command written without the fail-closed tail, not Claude Code\'s nor today\'s', () => {
    expect(failsOpen('/usr/bin/node /opt/g/bin/gatehouse.js hook codex')).toBe(true);
    expect(failsOpen('/usr/bin/node /opt/g/bin/gatehouse.js hook gemini --home /h')).toBe(true);
    expect(failsOpen('/usr/bin/node /opt/g/bin/gatehouse.js hook claude-code')).toBe(false);
    for (const cli of ['claude-code', 'gemini', 'codex', 'copilot']) expect(failsOpen(hookCommand(cli, { home: '/h' }))).toBe(false);
    expect(failsOpen('/usr/bin/node C:/g/bin/gatehouse.js hook codex', 'win32')).toBe(false);
  });
});

describe('programProblem', () => {
  const program = () => {
    const dir = tempDir('gatehouse-program-');
    dirs.push(dir);
    mkdirSync(join(dir, 'bin'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'bin', 'gatehouse.js'), '');
    writeFileSync(join(dir, 'dist', 'hook.cjs'), '');
    return dir;
  };
  it('nothing to say about a program that is all there', () => {
    expect(programProblem(`${process.execPath} ${join(program(), 'bin', 'gatehouse.js')} hook gemini`)).toBeNull();
  });
  it('names the missing node, program, or dist/hook.cjs', () => {
    const dir = program();
    const bin = join(dir, 'bin', 'gatehouse.js');
    expect(programProblem(`/nonexistent/node ${bin} hook gemini`)).toMatch(/its node \/nonexistent\/node is gone/);
    rmSync(join(dir, 'dist'), { recursive: true });
    expect(programProblem(`${process.execPath} ${bin} hook gemini`)).toMatch(/dist\/hook\.cjs is missing/);
    rmSync(bin);
    expect(programProblem(`${process.execPath} ${bin} hook gemini`)).toMatch(/its program .* is gone/);
  });
});

describe('gatehouse hook arguments', () => {
  const env = { GATEHOUSE_HOME: '/from/env' };
  it.each([
    [['codex'], '/from/env'],
    [['codex', '--home', '/recorded'], '/recorded'],
  ])('%j → home %s', (argv, home) => {
    expect(hookArgs(argv, env)?.home).toBe(home);
  });
  it.each([[[]], [['nope']], [['codex', '--home']], [['codex', '--home', '']], [['codex', '--other', 'x']], [['codex', 'extra']]])('%j is a usage error', (argv) => {
    expect(hookArgs(argv, env)).toBeNull();
  });
});
