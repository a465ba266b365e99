// OpenCode's plugin, the file install writes, run for real: it runs its hook command with the call on stdin and lets
// the call run only on a well-formed allow. Every other hook run (exit codes, signals, garbage, a missing program)
// throws, which is how OpenCode refuses a call and tells the model why. The hook command here is a script that
// answers what each case needs.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pluginCommand, pluginSource } from '../../../main/core/agents/opencode/plugin.js';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-opencode-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

type Hooks = Record<'tool.execute.before' | 'tool.execute.after', (input: unknown, output: unknown) => Promise<void>>;

/** The plugin, written for `command` and loaded as OpenCode loads it (an ES module, its exported factory called). */
async function plugin(command: string): Promise<Hooks> {
  const file = join(dir, `plugin-${++n}.js`);
  writeFileSync(file, pluginSource(command));
  const mod = (await import(pathToFileURL(file).href)) as Record<string, (ctx: unknown) => Promise<Hooks>>;
  expect(Object.keys(mod)).toEqual(['GatehousePlugin']);
  return mod['GatehousePlugin']!({ directory: '/work/project' });
}

/** A hook command that saves its stdin, prints `stdout`, writes `stderr` and exits with `code`. */
function script(stdout: string, opts: { stderr?: string; code?: number; body?: string } = {}): { command: string; stdin: string } {
  const stdin = join(dir, `stdin-${++n}.json`);
  const file = join(dir, `hook-${n}.sh`);
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  writeFileSync(file, `cat > ${quote(stdin)}\nprintf %s ${quote(stdout)}\nprintf %s ${quote(opts.stderr ?? '')} >&2\n${opts.body ?? ''}\nexit ${opts.code ?? 0}\n`);
  chmodSync(file, 0o755);
  return { command: `sh ${quote(file)}`, stdin };
}

const call = () => ({ input: { tool: 'bash', sessionID: 'ses_1', callID: 'call_1' }, output: { args: { command: 'npm test', description: 'run tests' } } });

describe('the OpenCode plugin', () => {
  it('runs the call on an allow, sending the call as a tool.execute.before event', async () => {
    const hook = script('{"decision":"allow","reason":"Gatehouse allowed"}\n');
    const { input, output } = call();
    await (await plugin(hook.command))['tool.execute.before'](input, output);
    expect(output.args).toEqual({ command: 'npm test', description: 'run tests' });
    expect(JSON.parse(readFileSync(hook.stdin, 'utf8'))).toEqual({
      hook_event_name: 'tool.execute.before', tool_name: 'bash', tool_input: { command: 'npm test', description: 'run tests' }, session_id: 'ses_1', call_id: 'call_1', cwd: '/work/project',
    });
  });

  it("runs the person's edited arguments, in the object OpenCode passed (the one it runs)", async () => {
    const hook = script('{"decision":"allow","args":{"command":"npm run lint"}}');
    const { input, output } = call();
    const args = output.args;
    await (await plugin(hook.command))['tool.execute.before'](input, output);
    expect(output.args).toBe(args);
    expect(args).toEqual({ command: 'npm run lint' });
  });

  it("refuses with Gatehouse's reason on a deny", async () => {
    const hook = script('{"decision":"deny","reason":"Gatehouse denied: rule deny Bash(npm test)"}');
    const { input, output } = call();
    await expect((await plugin(hook.command))['tool.execute.before'](input, output)).rejects.toThrow('Gatehouse denied: rule deny Bash(npm test)');
  });

  it.each([
    ['nothing printed', script('')],
    ['not JSON', script('allow')],
    ['two answers', script('{"decision":"allow"}{"decision":"allow"}')],
    ['a list', script('[{"decision":"allow"}]')],
    ['null', script('null')],
    ['another decision', script('{"decision":"ask"}')],
    ['a decision in another case', script('{"decision":"ALLOW"}')],
    ['an unknown field', script('{"decision":"allow","continue":true}')],
    ['args that are not an object', script('{"decision":"allow","args":["rm -rf /"]}')],
    ['args that are null', script('{"decision":"allow","args":null}')],
    ['a reason that is not text', script('{"decision":"allow","reason":{}}')],
    ['an allow with exit 1', script('{"decision":"allow"}', { code: 1 })],
    ['an allow with exit 2 and a reason', script('{"decision":"allow"}', { code: 2, stderr: 'gatehouse hook: the program failed' })],
    ['an allow, then killed by a signal', script('{"decision":"allow"}', { body: 'kill -9 $$' })],
    ['a program that is not there', { command: join(dir, 'no-such-program'), stdin: '' }],
  ])('refuses the call when the hook gives %s', async (_what, hook) => {
    const { input, output } = call();
    await expect((await plugin(hook.command))['tool.execute.before'](input, output)).rejects.toThrow(/Gatehouse/);
    expect(output.args).toEqual({ command: 'npm test', description: 'run tests' });
  });

  it("hands the hook's own reason to the model when it refuses by exit 2", async () => {
    const hook = script('', { code: 2, stderr: "gatehouse hook: no decision — Gatehouse's hook program did not run (moved)\n" });
    const { input, output } = call();
    await expect((await plugin(hook.command))['tool.execute.before'](input, output)).rejects.toThrow("Gatehouse's hook program did not run (moved)");
  });

  it.each([[null], ['npm test'], [['npm', 'test']]])('refuses arguments that are not an object (%j) without asking', async (args) => {
    const hook = script('{"decision":"allow"}');
    await expect((await plugin(hook.command))['tool.execute.before']({ tool: 'bash' }, { args })).rejects.toThrow(/not an object/);
  });

  it('reports a call that ran, and never throws there, even when the hook fails', async () => {
    const ok = script('');
    await (await plugin(ok.command))['tool.execute.after']({ tool: 'bash', sessionID: 's', callID: 'c', args: { command: 'ls' } }, { output: 'a\nb\n' });
    expect(JSON.parse(readFileSync(ok.stdin, 'utf8'))).toMatchObject({ hook_event_name: 'tool.execute.after', tool_name: 'bash', tool_input: { command: 'ls' }, tool_response: 'a\nb\n' });
    await (await plugin(join(dir, 'missing')))['tool.execute.after']({ tool: 'bash' }, undefined);
  });

  it('names its hook command, for status and doctor', () => {
    const command = "'/opt/node dir/node' /opt/gatehouse/bin/gatehouse.js hook opencode || { [ $? = 2 ] || { echo 'it \"failed\"' >&2; exit 2; }";
    expect(pluginCommand(pluginSource(command))).toBe(command);
    expect(pluginCommand('// my own plugin\nconst COMMAND = "x";\n')).toBeNull();
  });
});
