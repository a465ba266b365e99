// What `gatehouse rules` and `gatehouse audit` share: the io they write to, opening the store in GATEHOUSE_HOME,
// durations like 30m / 2h / 7d, and turning failures into one-line messages with the right exit code.
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { dbPathIn, openStore, resolveHome, type OpenStore } from '../store/index.js';

/** Where a CLI command writes and which environment it reads; `stdoutStream` (optional) gives exports backpressure. */
export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  env: NodeJS.ProcessEnv;
  stdoutStream?: Writable;
}

/** Bad command line: printed with the usage, exit 2. */
export class UsageError extends Error {}

/** Opens the store the desktop app and `gatehouse serve` use; `mustExist` refuses to create a new one for read-only commands. */
export function openHomeStore(env: NodeJS.ProcessEnv, mustExist: boolean): OpenStore {
  const path = dbPathIn(resolveHome(env));
  if (mustExist && !existsSync(path)) {
    throw new Error(`no Gatehouse database at ${path} (set GATEHOUSE_HOME to the folder Gatehouse uses)`);
  }
  return openStore(path);
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** "30m", "2h", "7d", "1w", "45s" in milliseconds; null when the text is not such a duration. */
export function parseDuration(text: string): number | null {
  const m = /^(\d{1,6})([smhdw])$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : null;
}

/** An ISO time, or a duration counted from now (`sign` -1 for "ago", +1 for "from now"), as ISO-8601. */
export function timeArg(text: string, sign: 1 | -1, flag: string, now = Date.now()): string {
  const ms = parseDuration(text);
  if (ms !== null) return new Date(now + sign * ms).toISOString();
  const t = Date.parse(text);
  if (!Number.isFinite(t)) throw new UsageError(`${flag} takes an ISO time or a duration like 30m, 2h, 7d; got ${JSON.stringify(text)}`);
  return new Date(t).toISOString();
}

/** Runs a command body: usage errors exit 2 with the usage, any other failure exits 1 with its one-line message. */
export async function runCommand(io: CliIo, name: string, usage: string, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    const usageProblem = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.stderr(`gatehouse ${name}: ${message}\n${usageProblem ? `\n${usage}` : ''}`);
    return usageProblem ? 2 : 1;
  }
}
