// `npm run serve` / `npm start` refuse before building when another Gatehouse holds the home (a build clears the
// dist/ the running one serves from), and a build whose inputs did not change is skipped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireInstanceLock } from '../../main/core/store/instance-lock.js';
import { tempDir } from '../core/server/helpers.js';
import { BUILT, ROOT } from '../core/cli/run-cli.js';

interface BuildInputs {
  inputsFingerprint(root?: string): string;
  buildIsCurrent(fingerprint: string, root?: string): boolean;
  recordBuild(fingerprint: string, root?: string): void;
}
interface BeforeRun {
  homeFlag(argv: string[]): string | undefined;
  heldBy(root: string, argv: string[], env?: NodeJS.ProcessEnv): Promise<string | null>;
}
const buildInputs = (): Promise<BuildInputs> => import(join(ROOT, 'scripts', 'build-inputs.mjs')) as Promise<BuildInputs>;
const beforeRun = (): Promise<BeforeRun> => import(join(ROOT, 'scripts', 'before-run.mjs')) as Promise<BeforeRun>;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
};

describe('scripts/build-inputs.mjs', () => {
  const project = () => {
    const root = temp('gatehouse-build-inputs-');
    mkdirSync(join(root, 'main', 'core', 'cli'), { recursive: true });
    writeFileSync(join(root, 'main', 'core', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'package.json'), '{}\n');
    return root;
  };
  const built = (root: string) => {
    mkdirSync(join(root, 'dist', 'main', 'core', 'cli'), { recursive: true });
    writeFileSync(join(root, 'dist', 'hook.cjs'), '');
    writeFileSync(join(root, 'dist', 'main', 'core', 'cli', 'main.js'), '');
  };

  it('keeps a build whose inputs are byte for byte the same, whatever their times say', async () => {
    const { inputsFingerprint, buildIsCurrent, recordBuild } = await buildInputs();
    const root = project();
    built(root);
    const fp = inputsFingerprint(root);
    expect(buildIsCurrent(fp, root)).toBe(false); // never built from these inputs
    recordBuild(fp, root);
    utimesSync(join(root, 'main', 'core', 'a.ts'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect(buildIsCurrent(inputsFingerprint(root), root)).toBe(true);
  });

  it('rebuilds after any change of content, a new file, or a dist/ missing what the entry points load', async () => {
    const { inputsFingerprint, buildIsCurrent, recordBuild } = await buildInputs();
    const root = project();
    built(root);
    recordBuild(inputsFingerprint(root), root);
    writeFileSync(join(root, 'main', 'core', 'a.ts'), 'export const a = 2;\n');
    expect(buildIsCurrent(inputsFingerprint(root), root)).toBe(false);
    recordBuild(inputsFingerprint(root), root);
    writeFileSync(join(root, 'main', 'core', 'b.ts'), '');
    expect(buildIsCurrent(inputsFingerprint(root), root)).toBe(false);
    recordBuild(inputsFingerprint(root), root);
    rmSync(join(root, 'dist', 'hook.cjs'));
    expect(buildIsCurrent(inputsFingerprint(root), root)).toBe(false);
  });
});

describe.skipIf(!BUILT)('scripts/before-run.mjs', () => {
  it('reads --home in both spellings', async () => {
    const { homeFlag } = await beforeRun();
    expect(homeFlag(['--port', '1', '--home', '/h'])).toBe('/h');
    expect(homeFlag(['--home=/h2'])).toBe('/h2');
    expect(homeFlag(['--port', '1'])).toBeUndefined();
  });

  it('names a home another live instance holds, and frees it again', async () => {
    const { heldBy } = await beforeRun();
    const home = temp('gatehouse-held-home-');
    const lock = acquireInstanceLock(home);
    try {
      expect(await heldBy(ROOT, ['--home', home])).toMatch(/already running/);
    } finally {
      lock.release();
    }
    expect(await heldBy(ROOT, ['--home', home])).toBeNull();
    expect(await heldBy(ROOT, [], { ...process.env, GATEHOUSE_HOME: home })).toBeNull();
  });

  it('`npm run serve` on a held home refuses before any build step', () => {
    const home = temp('gatehouse-held-home-');
    const lock = acquireInstanceLock(home);
    try {
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'serve.mjs'), '--home', home, '--port', '0'], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^gatehouse serve: another Gatehouse is already running/);
      expect(r.stdout).not.toMatch(/gatehouse build/);
    } finally {
      lock.release();
    }
  });
});
