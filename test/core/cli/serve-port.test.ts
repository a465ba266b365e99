// `serve` without --port comes back where it was: an open page or bookmark finds the restarted instance. When another
// program holds that port now, a free one is taken and the person is told (serve.test.ts: --port wins).
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { rememberedPort } from '../../../main/core/endpoint/remembered-port.js';
import { tempDir } from '../server/helpers.js';
import { BIN, BUILT } from './run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Starts `serve` on `home` without --port, reads its URL and everything it printed until then, and stops it. */
async function serveOnce(home: string): Promise<{ port: number; out: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--home', home], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m?.[1]) resolve(Number(m[1]));
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { port, out };
}

describe('the remembered port file', () => {
  it.each([
    ['a port', '43123\n', 43123],
    ['nothing', '', 0],
    ['a privileged port', '80', 0],
    ['out of range', '70000', 0],
    ['not a number', 'http://evil', 0],
    ['a negative number', '-1', 0],
  ])('%s', (_n, text, want) => {
    const home = tempDir('gatehouse-port-');
    dirs.push(home);
    writeFileSync(join(home, 'serve-port'), text);
    expect(rememberedPort(home)).toBe(want);
  });

  it('no file: any free port', () => {
    const home = tempDir('gatehouse-port-');
    dirs.push(home);
    expect(rememberedPort(home)).toBe(0);
  });
});

describe.skipIf(!BUILT)('gatehouse serve without --port', () => {
  it('comes back on the same port after a restart, and moves when another program holds it', async () => {
    const home = join(tempDir('gatehouse-port-home-'), 'home');
    dirs.push(join(home, '..'));
    mkdirSync(home, { recursive: true });
    const first = await serveOnce(home);
    expect((await serveOnce(home)).port).toBe(first.port);

    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(first.port, '127.0.0.1', resolve));
    try {
      const moved = await serveOnce(home);
      expect(moved.port).not.toBe(first.port);
      expect(moved.out).toContain(`Port ${first.port}, where this home's Gatehouse ran last time, is taken by another program`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 120_000);
});
