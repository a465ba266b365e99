// The working-directory model (issue 12 class 3): every later path is judged from every directory bash could be in —
// a cd may fail, `&` and subshells isolate, PWD/OLDPWD assignments move ~+ and ~-, fields a tool lacks move nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bash, judge, setUp, tearDown, why } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const ASKED = [
  'cd src/app.ts; cat .env', 'cd missing; cat .env', 'cd src docs; cat .env', 'cd src & cat .env', 'cd src || cat .env', 'cd nowhere; head .env',
  'cd docs; cd nowhere; cat ../.env', 'OLDPWD=/etc; cd ~-; cat passwd', 'cd ~-; cat x', 'PWD=/etc; cat ~+/passwd', 'PWD=/etc; cd ~+; cat passwd',
  '(cd src); cat .env', 'cd src | cat .env',
];
const DENIED = [
  'cd a/b/c/d/e/f/g; rm -rf ../../../../../../../../../../usr', 'cd nonexistent; rm -rf ../../../../../../../../../usr',
  'PWD={{HOME}}/.claude; cd ~+; rm settings.json', 'OLDPWD={{HOME}}/.claude; cd ~-; rm -f settings.json',
];
const HARMLESS = ['cd src && cat app.ts', 'cd src && ls', 'cd docs && cat guide.md', '(cd src && ls)', 'cd src && cd .. && git status', 'cd src; ls'];

describe('working directories: hostile', () => {
  it.each(ASKED)('%j is not allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).not.toBe('allow');
  });
  it.each(DENIED)('%j is denied in approve-all', async (command) => {
    const v = await bash(command, 'approve-all', ['Bash']);
    expect(v.decision, why(v)).toBe('deny');
  });
  it.each([
    [{ command: 'cat .env', cwd: '{{WS}}/src' }],
    [{ command: 'cat .env', dir_path: 'src' }],
    [{ command: 'cat .env', workdir: '{{WS}}/docs' }],
  ])('Claude Code Bash %j: a field the tool does not have moves nothing', async (args) => {
    const v = await judge('Bash', args);
    expect(v.decision, why(v)).not.toBe('allow');
  });
});

describe('working directories: harmless', () => {
  it.each(HARMLESS)('%j is allowed', async (command) => {
    const v = await bash(command);
    expect(v.decision, why(v)).toBe('allow');
  });
  it('cd build && rm -rf * is not a hard deny (the rm runs only if the cd worked)', async () => {
    const v = await bash('cd build && rm -rf *', 'approve-all', ['Bash']);
    expect(v.decision, why(v)).toBe('allow');
  });
});

describe('working directories: a second cd moves every directory bash may be in', () => {
  it('cd nowhere; cd ../.claude; rm settings.json is denied (the first cd failed, the second led into .claude)', async () => {
    const v = await bash('cd nowhere; cd .claude; rm -f settings.json', 'approve-all', ['Bash']);
    expect(v.decision, why(v)).toBe('deny');
  });
});
