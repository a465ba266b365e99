// The tamper guard: hostile calls are hard-denied even under broad allow rules in approve-all; harmless neighbours are not.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRequest } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/index.js';
import { type Fixture, makeFixture, request, rulesOf } from './fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
  writeFileSync(path.join(fx.gatehouseHome, 'endpoint.json'), JSON.stringify({ url: 'http://127.0.0.1:1', token: 't', pid: 31337 }));
});
afterAll(() => fx.cleanup());

// Everything is allowed and approve-all is on: only a built-in check can still deny.
const RULES = rulesOf({ allow: ['Bash', 'Edit(**)', 'Edit(~/**)', 'Read(**)', 'Read(~/**)', 'Read(//**)', 'Edit(//**)', 'mcp__fs'] });

function sub(s: string): string {
  return s.replaceAll('{WS}', fx.ws).replaceAll('{HOME}', fx.home).replaceAll('{GH}', fx.gatehouseHome);
}

async function verdict(tool: string, args: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const a = JSON.parse(sub(JSON.stringify(args))) as Record<string, unknown>;
  const req: ToolRequest = request(tool, a, fx.ws);
  return decide(req, { rules: RULES, sessionApprovals: [], mode: 'approve-all', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env });
}

describe('tamper guard: hostile', () => {
  it.each([
    // Claude Code, Gemini and Codex hook / permission configuration
    ['Edit', { file_path: '{WS}/.claude/settings.json', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: '{WS}/.claude/settings.local.json', content: '{}' }],
    ['Write', { file_path: '{HOME}/.claude/settings.json', content: '{}' }],
    ['Write', { file_path: '{WS}/src/../.claude/settings.json', content: '{}' }],
    ['Write', { file_path: '{HOME}/.gemini/settings.json', content: '{}' }],
    ['Write', { file_path: '{HOME}/.gemini/policies/allow.toml', content: '' }],
    ['Write', { file_path: '{HOME}/.codex/hooks.json', content: '{}' }],
    ['Edit', { file_path: '{HOME}/.codex/config.toml', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: '{HOME}/.codex/rules/default.rules', content: '' }],
    ['write_file', { file_path: '{WS}/.gemini/settings.json', content: '{}' }],
    ['replace', { file_path: '{HOME}/.gemini/settings.json', old_string: 'a', new_string: 'b' }],
    // GATEHOUSE_HOME: reads too
    ['Read', { file_path: '{GH}/endpoint.json' }],
    ['Read', { file_path: '{GH}/../Gatehouse/gatehouse.db' }],
    ['Grep', { pattern: 'token', path: '{HOME}/.config' }],
    ['Write', { file_path: '{GH}/settings.json', content: '{}' }],
    ['mcp__fs__read_file', { path: '{GH}/endpoint.json' }],
    ['mcp__fs__write_file', { path: '{HOME}/.claude/settings.json', content: '{}' }],
    // shell
    ['Bash', { command: 'echo {} > .claude/settings.json' }],
    ['Bash', { command: 'sed -i "s/PreToolUse/x/" ~/.claude/settings.json' }],
    ['Bash', { command: 'killall gatehouse' }],
    ['Bash', { command: 'mv .claude .claude.bak' }],
    ['Bash', { command: 'rm -rf .claude' }],
    ['Bash', { command: 'rm -r ~/.claude' }],
    ['Bash', { command: 'cd .claude && rm settings.json' }],
    ['Bash', { command: 'cd ~/.claude; python3 -c "open(\'settings.json\',\'w\')"' }],
    ['Bash', { command: 'cp /tmp/evil.json ~/.claude/settings.json' }],
    ['Bash', { command: 'tee .claude/settings.local.json < /tmp/x' }],
    ['Bash', { command: 'ln -sf /tmp/x ~/.gemini/settings.json' }],
    ['Bash', { command: 'chmod 000 ~/.codex' }],
    ['Bash', { command: 'git checkout -- .claude/settings.json' }],
    ['Bash', { command: 'cat ~/.config/Gatehouse/endpoint.json' }],
    ['Bash', { command: 'cat "$GATEHOUSE_HOME/endpoint.json"' }],
    ['Bash', { command: 'ls {GH}' }],
    ['Bash', { command: 'grep -r token ~/.config' }],
    ['Bash', { command: 'cat ~/.config/G*/endpoint.json' }],
    ['Bash', { command: 'rm -rf ~/.config' }],
    ['Bash', { command: 'rm -rf .c*' }],
    ['Bash', { command: 'pkill -f gatehouse' }],
    ['Bash', { command: 'pkill node' }],
    ['Bash', { command: 'kill -9 31337' }],
    ['Bash', { command: 'kill -- -31337' }],
    ['Bash', { command: 'kill -9 -1' }],
    ['Bash', { command: 'kill $(pgrep -f gatehouse)' }],
    ['Bash', { command: 'pgrep Gatehouse | xargs kill' }],
    ['Bash', { command: 'systemctl --user stop gatehouse' }],
    ['run_shell_command', { command: 'rm ~/.gemini/settings.json' }],
    ['Bash', { command: 'python3 -c "import os; os.remove(\'.claude/settings.json\')"' }],
    ['Bash', { command: 'node -e "require(\'fs\').rmSync(\'.claude\', {recursive: true})"' }],
    ['Bash', { command: 'truncate -s 0 .claude/settings.json' }],
    ['Bash', { command: 'jq . x > /tmp/s && mv /tmp/s .claude/settings.json' }],
    ['Bash', { command: 'killall -r "gate.*"' }],
    // every process of a user, Gatehouse included
    ['Bash', { command: 'pkill -u $USER' }],
    ['Bash', { command: 'pkill -9 -U 1000' }],
    ['Bash', { command: 'pkill --euid=1000' }],
    ['Bash', { command: 'killall -u bob' }],
    ['Bash', { command: 'killall -s KILL --user bob' }],
    // agent config folders named by variables (unset, $CLAUDE_CONFIG_DIR is ~/.claude)
    ['Bash', { command: 'echo x >> $CLAUDE_CONFIG_DIR/settings.json' }],
    ['Bash', { command: 'echo "{}" > "${CLAUDE_CONFIG_DIR}/settings.local.json"' }],
    ['Bash', { command: 'cp /tmp/x $CODEX_HOME/config.toml' }],
    ['Bash', { command: 'rm -rf "$CLAUDE_CONFIG_DIR"' }],
    ['Bash', { command: "bash -c 'echo x > $CODEX_HOME/hooks.json'" }],
    ['Bash', { command: 'echo x > $GEMINI_CLI_HOME/.gemini/settings.json' }],
    ['Bash', { command: 'sqlite3 ~/.config/Gatehouse/gatehouse.db "delete from rules"' }],
  ])('%s %j → deny', async (tool, args) => {
    const v = await verdict(tool, args);
    expect(v.decision).toBe('deny');
    expect(v.hard_deny).toBe(true);
    expect(v.reasons.some((r) => r.startsWith('built-in: tamper guard'))).toBe(true);
  });

  it('protects $CLAUDE_CONFIG_DIR', async () => {
    const dir = path.join(fx.root, 'claude-config');
    const v = await verdict('Write', { file_path: `${dir}/settings.json`, content: '{}' }, { CLAUDE_CONFIG_DIR: dir });
    expect(v.decision).toBe('deny');
  });
});

describe('tamper guard: harmless neighbours are not denied', () => {
  it.each([
    ['Read', { file_path: '{WS}/.claude/settings.json' }],
    ['Bash', { command: 'cat .claude/settings.json' }],
    ['Bash', { command: 'ls -la ~/.claude' }],
    ['Bash', { command: 'git status' }],
    ['Bash', { command: 'grep -rn gatehouse src' }],
    ['Bash', { command: 'kill -9 12345' }],
    ['Bash', { command: 'pkill -u alice python3' }],
    ['Bash', { command: 'killall -u bob node-gyp' }],
    ['Bash', { command: 'cat $CLAUDE_CONFIG_DIR/settings.json' }],
    ['Bash', { command: 'echo x > $TMPDIR/out.txt' }],
    ['Bash', { command: 'echo x > $GEMINI_CLI_HOME/notes.txt' }],
    ['Bash', { command: 'pkill -f "vite --port 5173"' }],
    ['Edit', { file_path: '{WS}/src/app.ts', old_string: 'a', new_string: 'b' }],
    ['Write', { file_path: '{WS}/.claude/commands/review.md', content: 'x' }],
    ['Write', { file_path: '{WS}/docs/settings.json', content: '{}' }],
    ['Bash', { command: 'cp .claude/settings.json /tmp/backup.json' }],
    ['Bash', { command: 'git commit -m "document .claude/settings.json"' }],
    ['Bash', { command: 'mkdir -p .claude/commands' }],
    ['Bash', { command: 'python3 -c "print(1)"' }],
  ])('%s %j → not a tamper deny', async (tool, args) => {
    const v = await verdict(tool, args);
    expect(v.reasons.some((r) => r.startsWith('built-in: tamper guard'))).toBe(false);
    expect(v.decision).toBe('allow');
  });
});

describe('tamper guard: folder moves', () => {
  it.each([
    ['mv notes.md ~/', false],
    ['mv ~/.claude /tmp/', true],
    ['mv /tmp/x ~/.claude', true],
    ['find . -name "*.md"', false],
    ['find . -name "*.json" -delete', true],
    ['rm -rf ~/.codex/rules', true],
    ['cp -r src /tmp/backup', false],
    ['cp -r ~/.config /tmp/backup', true],
  ])('%s → tamper: %s', async (command, tamper) => {
    const v = await verdict('Bash', { command });
    expect(v.reasons.some((r) => r.startsWith('built-in: tamper guard'))).toBe(tamper);
  });
});
