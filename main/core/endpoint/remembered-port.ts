// `serve` without --port comes back on the port it had last time, so an open page, a bookmark and a phone on the same
// machine's browser find the restarted instance where they left it. The port is a preference, never a promise:
// when something else holds it now, a free one is taken and the person is told.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'serve-port';

/** The port the last `serve` on this home listened on, or 0 (any free port) when none is known or the file is bad. */
export function rememberedPort(home: string): number {
  try {
    const text = readFileSync(join(home, FILE), 'utf8').trim();
    const port = /^\d{1,5}$/.test(text) ? Number(text) : 0;
    return port >= 1024 && port <= 65535 ? port : 0;
  } catch {
    return 0;
  }
}

/** Keeps the port this `serve` listens on for the next start (best effort: a read-only home only loses the wish). */
export function rememberPort(home: string, port: number): void {
  try {
    writeFileSync(join(home, FILE), `${port}\n`, { mode: 0o600 });
  } catch {
    // Nothing depends on it.
  }
}
