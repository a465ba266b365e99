// "Contain instead of asking" on the real fixture workspace: what no rule vouches for runs contained, except what the
// sandbox would not stop — deleting or overwriting work inside the workspace, moving a branch — and what the engine
// itself sees reach past it: a path outside the workspace, a secret, the network. Those are asked, as they were.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../../main/core/policy/index.js';
import { initShellParser } from '../../../main/core/shell/index.js';
import { type Fixture, makeFixture, request } from './fixture.js';

let fx: Fixture;

beforeAll(async () => {
  await initShellParser();
  fx = makeFixture();
  mkdirSync(path.join(fx.root, 'tmp'));
});
afterAll(() => fx.cleanup());

async function unvouched(command: string) {
  const c = command.replaceAll('{{WS}}', fx.ws).replaceAll('{{HOME}}', fx.home).replaceAll('{{OUT}}', fx.outside).replaceAll('{{TMP}}', path.join(fx.root, 'tmp'));
  return decide(request('Bash', { command: c }, fx.ws), {
    rules: [], sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {},
    containUnvouched: true, tmpDir: path.join(fx.root, 'tmp'),
  });
}

describe('contain instead of asking', () => {
  it.each([
    ['python3 main.py'], ['uv run python -c "print(1)"'], ['npx task-master tags switch dev'], ['./build.sh && cat build/out.js'],
    ['curl_like_tool --quiet > /dev/null'], ['python3 -c "print(1)" > /dev/null 2>&1'], ['cat {{TMP}}/tests_diff.diff'],
    ['make -C src > {{TMP}}/make.log'], ['git reset'], ['git reset HEAD src/app.ts'], ['git reset -- src/app.ts'], ['git reset HEAD'],
    ['git stash list'], ['cp src/app.ts src/app2.ts'],
  ])('runs %s contained', async (command) => {
    const v = await unvouched(command);
    expect(v.decision, v.reasons.join('; ')).toBe('allow');
    expect(v.contained).toBeDefined();
  });

  it.each([
    // Deleting or overwriting work in the workspace: the sandbox lets the command write there.
    ['rm -rf src'], ['rm -fr docs'], ['rm -r -f src'], ['rm --recursive --force src'], ['command rm -rf src'], ['cd src && rm -rf ../docs'],
    ['rm -f .env'], ['git checkout -- src/app.ts'], ['git checkout .'], ['git restore src/app.ts'], ['find . -name "*.ts" -delete'],
    ['git reset HEAD~1'], ['git reset --soft HEAD~3'], ['git reset --mixed origin/main'], ['git reset @~2 --'], ['git -C . reset HEAD^'],
    ['git stash drop'], ['git branch -D feature'],
    // A deleter handed its operands by xargs: what it deletes is only known when it runs.
    ['find . -name "*.md" | xargs rm'], ['git ls-files | xargs rm -f'], ['ls | xargs -n1 rm'], ['find . -name x -print0 | xargs -0 rm'],
    ['xargs rm < list.txt'], ['find . -type f | xargs shred -u'], ['find . -name "*.ts" | xargs truncate -s0'],
    // Paths outside the workspace (other than the temp folder) and secrets: the engine sees them, so the person does.
    ['cat ~/.cursor/mcp.json 2>/dev/null || echo missing'], ['cat {{HOME}}/.claude.json'], ['head -5 {{OUT}}/secret.txt | jq .'],
    ['python3 {{HOME}}/tools/export.py'], ['cp -r build {{OUT}}/deploy'], ['touch {{HOME}}/.claude/projects/x.jsonl'],
    ['grep KEY .env'], ['cd src && grep KEY ../.env'], ['cat secrets/key.pem'], ['wc -l < .env'], ['ls -a | rg env && head -n 20 .env'],
    ['cat link-out'], ['echo x > {{TMP}}/../home/.bashrc'], ['cat {{TMP}}/../outside/secret.txt'],
    // The network: the sandbox would stop to ask about the host.
    ['curl -s http://localhost:3000'], ['ssh -T git@github.com'], ['which gh; ssh -T git@github.com 2>&1 | head -3'], ['wget -qO- https://example.com'],
  ])('asks before running %s', async (command) => {
    const v = await unvouched(command);
    expect(v.decision, v.reasons.join('; ')).not.toBe('allow');
    expect(v.contained).toBeUndefined();
  });
});
