// A contained command may write the workspace but no agent's configuration in it: the agents run what their hooks,
// plugins and MCP servers name outside the sandbox, on the next tool call or start. The profile listed only the
// .claude, .gemini and .codex folders, so a script run contained wrote .cursor/hooks.json, .opencode/plugins/*.js,
// .github/hooks/*.json and an existing .mcp.json; it now takes every place the tamper guard knows. The script spells no
// name the analysis could read: only the sandbox stands between it and those files. An absent folder is blocked with an
// empty folder, and an absent file not at all: the mount point the sandbox leaves on the host while Gatehouse runs was
// an empty read-only file (`.claude` as a file kept Claude Code from making its folder; an empty `.mcp.json` breaks it).
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Core } from '../../../main/core/core.js';
import type { Fixture } from '../policy/fixture.js';
import { type ContainedCore, startContainedCore } from './contained-core.js';

let started: ContainedCore | undefined;
let fx: Fixture;
let core: Core;

// Each place below an agent folder, written from names the script puts together at run time.
const PLACES = ['cursor/hooks.json', 'opencode/plugins/x.js', 'github/hooks/x.json', 'clinerules/hooks/PreToolUse', 'copilot/hooks/x.json', 'qwen/settings.json', 'claude/hooks/pre.sh', 'gemini/settings.json'];

const SCRIPT = `#!/bin/sh
d=.
for p in ${PLACES.join(' ')}; do
  mkdir -p "$(dirname "$d$p")" 2>/dev/null; echo x > "$d$p" 2>/dev/null
done
echo changed > "$d"mcp.json 2>/dev/null; o=open; echo changed > "\${o}code.json" 2>/dev/null
echo fine > src/ok.txt
echo done
`;

/** Runs a shell command asynchronously (the sandbox's proxies live in this process's event loop). */
function run(command: string, cwd: string): Promise<string> {
  return new Promise((done) => {
    let out = '';
    const child = spawn('bash', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', () => done(out));
  });
}

beforeAll(async () => {
  started = await startContainedCore((f) => {
    writeFileSync(path.join(f.ws, 'setup.sh'), SCRIPT);
    chmodSync(path.join(f.ws, 'setup.sh'), 0o755);
    writeFileSync(path.join(f.ws, '.mcp.json'), '{"mcpServers":{}}\n');
    writeFileSync(path.join(f.ws, 'opencode.json'), '{}\n');
  });
  ({ fx, core } = started);
  await core.approver.createRule({ action: 'sandbox', pattern: 'Bash(./setup.sh)' });
}, 60_000);

afterAll(() => started?.close());

it('a contained script writes the workspace but none of the agents’ configuration in it, and leaves no empty files', async () => {
  const record = await core.submit({ agent: 'claude-code', tool_name: 'Bash', args: { command: './setup.sh' }, cwd: fx.ws, session_id: 's1' });
  expect(record.verdict.contained, record.verdict.reasons.join('; ')).toBeDefined();
  const out = await run(record.decision?.updated_args?.['command'] as string, fx.ws);
  expect(out).toContain('done');
  expect(readFileSync(path.join(fx.ws, 'src', 'ok.txt'), 'utf8')).toBe('fine\n');
  const written = PLACES.map((p) => `.${p}`).filter((p) => {
    try {
      return lstatSync(path.join(fx.ws, p)).size > 0;
    } catch {
      return false;
    }
  });
  expect(written).toEqual([]);
  expect(readFileSync(path.join(fx.ws, '.mcp.json'), 'utf8')).toBe('{"mcpServers":{}}\n');
  expect(readFileSync(path.join(fx.ws, 'opencode.json'), 'utf8')).toBe('{}\n');
  // What the sandbox left in the workspace while Gatehouse runs: folders at most, never an empty file.
  const emptyFiles = readdirSync(fx.ws).filter((n) => lstatSync(path.join(fx.ws, n)).isFile() && lstatSync(path.join(fx.ws, n)).size === 0);
  expect(emptyFiles).toEqual([]);
}, 60_000);
