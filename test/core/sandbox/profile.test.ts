// The contained profile compiled from rules and the workspace facts, on the real fixture workspace: every protected
// path unwritable, every secret unreadable, every allowed host listed (and nothing else reachable without a question).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainedProfile, Rule } from '../../../common/domain.js';
import { decide } from '../../../main/core/policy/decide.js';
import { initShellParser } from '../../../main/core/shell/index.js';
import { gatehouseProgramDir } from '../../../main/core/sandbox/program-dir.js';
import { mayReach, mayRead, mayWrite } from '../../../main/core/sandbox/profile-check.js';
import { type Fixture, makeFixture, request, rule } from '../policy/fixture.js';

let fx: Fixture;
let profile: ContainedProfile;

const RULES = (): Rule[] => [
  rule('sandbox', 'Bash(npm test:*)'),
  rule('allow', 'WebFetch(domain:example.com)'),
  rule('allow', 'Network(domain:registry.npmjs.org)'),
  rule('allow', 'Network(domain:github.com)'),
  rule('deny', 'Network(domain:gist.github.com)'),
  rule('deny', 'Read(./docs/private/**)'),
  rule('ask', 'Read(~/.config/tokens.txt)'),
];

async function contained(command: string, rules: Rule[], extra: { mode?: 'interactive' | 'approve-all'; agent?: string; containUnvouched?: boolean } = {}) {
  const r = request('Bash', { command }, fx.ws);
  if (extra.agent) r.agent = extra.agent;
  return decide(r, {
    rules, sessionApprovals: [], mode: extra.mode ?? 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date('2026-06-01T00:00:00Z'),
    env: {}, containUnvouched: extra.containUnvouched === true, tmpDir: path.join(fx.root, 'tmp'),
  });
}

beforeAll(async () => {
  await initShellParser();
  fx = makeFixture();
  mkdirSync(path.join(fx.root, 'tmp'));
  mkdirSync(path.join(fx.ws, '.claude'), { recursive: true });
  writeFileSync(path.join(fx.ws, '.claude', 'settings.json'), '{}');
  const v = await contained('npm test -- --watch=false', RULES());
  expect(v.decision, v.reasons.join('; ')).toBe('allow');
  profile = v.contained!;
  expect(profile).toBeDefined();
  expect(v.reasons.at(-1)).toMatch(/^runs contained: writes only in .*; network: example\.com, registry\.npmjs\.org \(other hosts are asked\)$/);
});
afterAll(() => fx.cleanup());

describe('a contained command writes only in the workspace and the temp folder', () => {
  it.each([['{{WS}}/src/app.ts'], ['{{WS}}/new/file.txt'], ['{{WS}}/.git/objects/ab/cdef'], ['{{WS}}/.git/index'], ['{{TMP}}/build-cache/x']])('may write %s', (p) => {
    expect(mayWrite(profile, fill(p))).toBe(true);
  });
  it.each([
    ['{{WS}}/.git/hooks/pre-commit'], ['{{WS}}/.git/config'], ['{{WS}}/.git/info/attributes'], ['{{WS}}/.claude/settings.json'],
    ['{{WS}}/.claude/settings.local.json'], ['{{WS}}/.codex/config.toml'], ['{{WS}}/.gemini/policies/x.toml'],
    ['{{HOME}}/.bashrc'], ['{{HOME}}/outside.txt'], ['{{HOME}}/.claude/settings.json'], ['{{GH}}/gatehouse.db'], ['{{GH}}/endpoint.json'],
    ['{{OUTSIDE}}/secret.txt'], ['{{WS_EVIL}}/file.txt'], ['/etc/passwd'], ['/usr/bin/node'], ['{{PROGRAM}}/dist/main/core/cli/main.js'],
  ])('may not write %s', (p) => {
    expect(mayWrite(profile, fill(p))).toBe(false);
  });
});

describe('a contained command reads nothing of the secret tier', () => {
  it.each([
    ['{{WS}}/.env'], ['{{WS}}/.env.production'], ['{{WS}}/secrets/key.pem'], ['{{WS}}/src/deep/server.key'], ['{{WS}}/docs/private/plan.md'],
    ['{{HOME}}/.ssh/id_ed25519'], ['{{HOME}}/.aws/credentials'], ['{{HOME}}/.netrc'], ['{{HOME}}/.claude/.credentials.json'],
    ['{{HOME}}/.codex/auth.json'], ['{{HOME}}/.config/gh/hosts.yml'], ['{{HOME}}/.config/tokens.txt'], ['{{HOME}}/.bash_history'],
    ['{{GH}}/gatehouse.db'], ['{{GH}}/endpoint.json'],
  ])('may not read %s', (p) => {
    expect(mayRead(profile, fill(p))).toBe(false);
  });
  it.each([['{{WS}}/src/app.ts'], ['{{WS}}/README.md'], ['{{WS}}/docs/guide.md'], ['/etc/hosts'], ['{{HOME}}/.gitconfig']])('may read %s', (p) => {
    expect(mayRead(profile, fill(p))).toBe(true);
  });
});

describe('a contained command reaches only the hosts the rules allow', () => {
  it.each([['example.com'], ['www.example.com'], ['registry.npmjs.org']])('reaches %s', (h) => {
    expect(mayReach(profile, h)).toBe(true);
  });
  // github.com has a deny rule below it: the whole domain goes to the question, where the rules decide each host.
  it.each([['github.com'], ['gist.github.com'], ['evil.test'], ['example.com.evil.test'], ['notexample.com']])('does not reach %s unasked', (h) => {
    expect(mayReach(profile, h)).toBe(false);
  });
});

describe('when a shell command runs contained', () => {
  it('a blanket rule contains what it cannot prove harmless and lets reads run as they are', async () => {
    expect((await contained('perf stat -- rm -rf ~/x', [rule('allow', 'Bash')])).contained).toBeDefined();
    // A makefile on stdin is read for what it runs (issue 24): a recipe the engine cannot prove harmless runs contained.
    expect((await contained('make -f- <<EOF\nall:\n\t./build.sh\nEOF', [rule('allow', 'Bash(*)')])).contained).toBeDefined();
    const ls = await contained('ls src', [rule('allow', 'Bash')]);
    expect(ls.decision).toBe('allow');
    expect(ls.contained).toBeUndefined();
  });
  it('approve-all contains a shell command it would have approved unseen', async () => {
    const v = await contained('./build.sh', [], { mode: 'approve-all' });
    expect(v.decision).toBe('allow');
    expect(v.contained).toBeDefined();
  });
  it('"contain instead of asking" contains what no rule vouches for, but not what an ask rule or a hard deny catches', async () => {
    expect((await contained('./build.sh', [], { containUnvouched: true })).contained).toBeDefined();
    expect((await contained('./build.sh', [rule('ask', 'Bash(./build.sh)')], { containUnvouched: true })).decision).toBe('ask');
    expect((await contained('rm -rf ~', [], { containUnvouched: true })).decision).toBe('deny');
    expect((await contained('./build.sh', [])).decision).toBe('ask');
  });
  it('an agent that cannot run a rewritten command is asked under a sandbox rule, and keeps the old answer under approve-all', async () => {
    const sandboxed = await contained('npm test', RULES(), { agent: 'codex' });
    expect(sandboxed.decision).toBe('ask');
    expect(sandboxed.contained).toBeUndefined();
    const approved = await contained('./build.sh', [], { mode: 'approve-all', agent: 'codex' });
    expect(approved.decision).toBe('allow');
    expect(approved.contained).toBeUndefined();
  });
  it('a deny rule still denies under a sandbox rule', async () => {
    const v = await contained('npm test', [rule('deny', 'Bash(npm:*)'), ...RULES()]);
    expect(v.decision).toBe('deny');
  });
});

function fill(p: string): string {
  return p
    .replace('{{WS_EVIL}}', fx.evil).replace('{{WS}}', fx.ws).replace('{{HOME}}', fx.home).replace('{{GH}}', fx.gatehouseHome)
    .replace('{{OUTSIDE}}', fx.outside).replace('{{TMP}}', profile.writable.at(-1)!).replace('{{PROGRAM}}', gatehouseProgramDir());
}
