// A plain delete of project files runs contained under "contain instead of asking", named for the broker to make sure
// the snapshot before the call holds each file (reversible-delete.ts); any other delete still asks.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../../main/core/policy/index.js';
import { initShellParser } from '../../../main/core/shell/index.js';
import { type Fixture, makeFixture, request } from './fixture.js';

let fx: Fixture;

beforeAll(async () => {
  await initShellParser();
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

async function verdict(command: string, containUnvouched = true) {
  return decide(request('Bash', { command: command.replaceAll('{{WS}}', fx.ws).replaceAll('{{OUT}}', fx.outside) }, fx.ws), {
    rules: [], sessionApprovals: [], mode: 'interactive', home: fx.home, gatehouseHome: fx.gatehouseHome, now: new Date(), env: {},
    containUnvouched, tmpDir: path.join(fx.root, 'tmp'),
  });
}

describe('plain deletes of project files', () => {
  it.each([
    ['rm -f src/app.ts', ['src/app.ts']],
    ['rm src/app.ts src/util.ts', ['src/app.ts', 'src/util.ts']],
    ['rm -fv -- notes.md', ['notes.md']],
    ['rm -f gone.txt', ['gone.txt']],
    ['unlink README.md', ['README.md']],
    ['rm -f {{WS}}/docs/guide.md && cp src/app.ts docs/guide.md', ['docs/guide.md']],
  ])('%s runs contained once the snapshot holds what it deletes', async (command, files) => {
    const v = await verdict(command);
    expect(v.decision, v.reasons.join('; ')).toBe('allow');
    expect(v.contained).toBeDefined();
    expect(v.undoable_deletes).toEqual(files.map((f) => path.join(fx.ws, f)));
  });

  it.each([
    ['rm -rf src'], ['rm -r docs'], ['rm -d docs'], ['rm -i src/app.ts'], ['rm --interactive=never src/app.ts'],
    // Not in the snapshot: secret, git's own, a link, a folder, missing, outside (an ignored file: the broker's check).
    ['rm .env'], ['rm secrets/key.pem'], ['rm .git/index'], ['rm link-out'], ['rm untracked-link'],
    ['rm src'], ['rm {{OUT}}/secret.txt'], ['rm ../outside/secret.txt'],
    // What the engine cannot read word by word, or runs through something else.
    ['rm $(cat list)'], ['rm "$F"'], ['rm src/*.ts'], ['echo src/app.ts | xargs rm'], ['find . -name app.ts -delete'], ['sudo rm src/app.ts'],
    ['env X=1 rm src/app.ts'], ['rm src/app.ts > out.txt'],
    // A plain delete beside another destructive command: that one still asks.
    ['rm src/app.ts && git checkout -- .'], ['rm src/app.ts; rm -rf docs'],
  ])('%s is not a reversible delete', async (command) => {
    const v = await verdict(command);
    expect(v.undoable_deletes, v.reasons.join('; ')).toBeUndefined();
    if (v.decision === 'allow') expect(v.contained).toBeDefined();
  });

  it('without "contain instead of asking" a delete is asked as before', async () => {
    const v = await verdict('rm -f src/app.ts', false);
    expect(v.decision).toBe('ask');
    expect(v.undoable_deletes).toBeUndefined();
  });
});
