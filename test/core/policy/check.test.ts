// `gatehouse check` as a function: one JSON line for every decision, a clear stderr line and non-zero exit for unusable input.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../main/core/cli/check.js';
import { type Fixture, makeFixture } from './fixture.js';
import { CLAUDE_FIXTURES_DIR } from '../../../bench/support/fixtures.js';

let fx: Fixture;
let rulesFile: string;
beforeAll(() => {
  fx = makeFixture();
  rulesFile = path.join(fx.root, 'rules.json');
  writeFileSync(rulesFile, JSON.stringify({ allow: ['Bash(git status)'], deny: ['Read(./.env)'] }));
});
afterAll(() => fx.cleanup());

async function check(argv: string[], stdin: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCheck(argv, { stdin, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

const event = (tool: string, input: unknown, cwd?: string) =>
  JSON.stringify({ session_id: 's', cwd: cwd ?? fx.ws, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, tool_use_id: 't' });

describe('gatehouse check', () => {
  it.each([
    ['Bash', { command: 'git status' }, 'allow'],
    ['Bash', { command: 'git push' }, 'ask'],
    ['Read', { file_path: '{WS}/.env' }, 'deny'],
    ['Read', { file_path: '{WS}/src/app.ts' }, 'allow'],
  ])('%s %j → %s, exit 0, one JSON line', async (tool, input, decision) => {
    const r = await check(['--rules', rulesFile], event(tool, JSON.parse(JSON.stringify(input).replace('{WS}', fx.ws))));
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['decision', 'reasons', 'risks']);
    expect(out['decision']).toBe(decision);
  });

  it('applies --mode and --cwd', async () => {
    const strict = await check(['--rules', rulesFile, '--mode', 'strict'], event('Bash', { command: 'git push' }));
    expect(JSON.parse(strict.stdout)).toMatchObject({ decision: 'deny' });
    const all = await check(['--rules', rulesFile, '--mode=approve-all'], event('Bash', { command: 'git push' }));
    expect(JSON.parse(all.stdout)).toMatchObject({ decision: 'allow' });
    // --cwd replaces the event's cwd: the same relative-looking read is now outside
    const moved = await check(['--rules', rulesFile, '--cwd', fx.outside], event('Read', { file_path: path.join(fx.ws, 'src/app.ts') }));
    expect(JSON.parse(moved.stdout)).toMatchObject({ decision: 'ask' });
  });

  it('reads a settings.json with a permissions block', async () => {
    const f = path.join(fx.root, 'settings.json');
    writeFileSync(f, JSON.stringify({ permissions: { allow: ['Bash(git push)'] } }));
    expect(JSON.parse((await check(['--rules', f], event('Bash', { command: 'git push' }))).stdout)).toMatchObject({ decision: 'allow' });
  });

  it.each([
    [['--rules', '{R}'], 'not json', 1, /stdin is not a JSON hook event/],
    [['--rules', '{R}'], '[1]', 1, /one JSON object/],
    [['--rules', '{R}'], '{"tool_input":{}}', 1, /no tool_name/],
    [['--rules', '{R}'], '{"tool_name":"Read","tool_input":"x","cwd":"/"}', 1, /tool_input must be a JSON object/],
    [['--rules', '{R}'], '{"tool_name":"Read","tool_input":{}}', 1, /no working directory/],
    [['--rules', '{R}', '--mode', 'yolo'], '{}', 2, /unknown mode "yolo"/],
    [['--rules'], '{}', 2, /--rules needs a value/],
    [[], '{}', 2, /--rules FILE is required/],
    [['--rules', '{R}', '--force'], '{}', 2, /unknown argument "--force"/],
    [['--rules', '/nonexistent/rules.json'], '{}', 1, /cannot read rules file .*ENOENT/],
    [['--rules', '{BAD_JSON}'], '{}', 1, /is not valid JSON/],
    [['--rules', '{BAD_SHAPE}'], '{}', 1, /"allow" must be a list/],
    [['--rules', '{BAD_RULE}'], '{}', 1, /deny\[0\]: malformed rule "Bash\(ls"/],
    [['--rules', '{NOT_STRING}'], '{}', 1, /ask\[0\] is not a string/],
  ])('%j with %j → exit %i', async (argv, stdin, code, message) => {
    const files: Record<string, string> = {
      '{R}': rulesFile,
      '{BAD_JSON}': write('bad.json', '{'),
      '{BAD_SHAPE}': write('shape.json', '{"allow":"Bash"}'),
      '{BAD_RULE}': write('rule.json', '{"deny":["Bash(ls"]}'),
      '{NOT_STRING}': write('ns.json', '{"ask":[3]}'),
    };
    const r = await check(argv.map((a) => files[a] ?? a), stdin);
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^gatehouse check: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')[0]!.length).toBeLessThan(300);
  });

  it.each([
    ['pre-read.json', 'allow'],
    ['pre-read-offset.json', 'allow'],
    ['pre-glob.json', 'allow'],
    ['pre-grep.json', 'allow'],
    ['pre-subagent-bash.json', 'allow'], // git status, allowed by the rules file
    ['pre-bash.json', 'ask'],
    ['pre-edit.json', 'ask'],
    ['pre-multiedit.json', 'ask'],
    ['pre-write.json', 'ask'],
    ['pre-notebookedit.json', 'ask'],
    ['pre-webfetch.json', 'ask'],
    ['pre-mcp.json', 'ask'],
    ['permission-bash.json', 'ask'],
  ])('Claude Code fixture %s → %s', async (file, decision) => {
    const event = readFileSync(path.join(CLAUDE_FIXTURES_DIR, file), 'utf8').replaceAll('{{WS}}', fx.ws);
    const r = await check(['--rules', rulesFile], event);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision });
  });

  it('prints usage for --help', async () => {
    const r = await check(['--help'], '');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: gatehouse check --rules FILE/);
  });
});

function write(name: string, text: string): string {
  const f = path.join(fx.root, name);
  writeFileSync(f, text);
  return f;
}
