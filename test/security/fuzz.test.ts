// 10,000 malformed bodies across every route and credential: not one answer may be a 5xx (a crash path is a way
// to stop the guard, and an error page is not a decision). Seeded, so a failure replays exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';
import { A_ROUTES, ID, P_ROUTES } from './routes.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
  // Strict mode: what is well-formed enough to be a request is decided at once instead of waiting for a person.
  await g.approver('PATCH', '/v1/settings', { mode: 'strict' });
});
afterAll(() => g.close());

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null, true, 0, -1, 1e308, -0, '', ' ', '\u0000', '\u202e', '\ud800', 'x'.repeat(70_000), [], {}, [[[]]], { __proto__: { a: 1 } },
  { constructor: { prototype: { polluted: true } } }, '../../etc/passwd', 'mcp__', '*', '%00', 'Bash(', ')', '{{WS}}', 1.5, '1e400',
];
const KEYS = ['tool_name', 'args', 'approved', 'scope', 'grant', 'updated_args', 'rule', 'action', 'pattern', 'json', 'code', 'timeout_seconds', 'mode', 'hook_event_name', 'tool_input', 'session_id', 'cwd', 'kind', 'value', 'enabled', 'expires_at', '__proto__'];

/** One malformed body: broken JSON text, wrong types, odd values, deep nesting or plain noise. */
function malformed(next: () => number, valid: unknown): string | Buffer {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const text = JSON.stringify(valid ?? {});
  switch (Math.floor(next() * 8)) {
    case 0: return text.slice(0, Math.floor(next() * text.length)); // truncated
    case 1: return text.replace(/"[^"]*"/, JSON.stringify(pick(ODD_VALUES))); // a key or value swapped
    case 2: return JSON.stringify({ ...(valid as object), [pick(KEYS)]: pick(ODD_VALUES) });
    case 3: return JSON.stringify(Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 5) }, () => [pick(KEYS), pick(ODD_VALUES)])));
    case 4: return `${'['.repeat(1 + Math.floor(next() * 200))}1${']'.repeat(Math.floor(next() * 200))}`;
    case 5: return Buffer.from(Array.from({ length: Math.floor(next() * 64) }, () => Math.floor(next() * 256)));
    case 6: return JSON.stringify(pick(ODD_VALUES));
    default: return text.replace(/[{}[\]:,]/, pick(['', '}}', '{', '"', '\\', '\u0000']));
  }
}

describe('fuzzing every route', () => {
  it('10,000 malformed requests, 0 answers ≥ 500', async () => {
    const next = rng(20261124);
    const routes = [...P_ROUTES, ...A_ROUTES, ['POST', '/v1/hooks/claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }], ['POST', '/v1/login', { code: ID }]] as Array<[string, string, unknown?]>;
    const tokens = [g.agentToken, g.approverToken, undefined, 'x'.repeat(43)];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const cases = Array.from({ length: 10_000 }, (_, i) => {
      const [method, path, valid] = routes[Math.floor(next() * routes.length)]!;
      return { i, method, path, raw: malformed(next, valid), token: tokens[Math.floor(next() * tokens.length)] };
    });
    // Eight at a time: bounded, and fast enough for CI.
    const worker = async (): Promise<void> => {
      for (let c = cases.shift(); c; c = cases.shift()) {
        const r = await http(g.port, c.method, c.path, { ...(c.token ? { token: c.token } : {}), ...(c.method === 'GET' ? {} : { raw: c.raw }) });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500 && failures.length < 5) failures.push(`#${c.i} ${c.method} ${c.path} ${String(c.raw).slice(0, 120)} → ${r.status} ${r.text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures, failures.join('\n')).toEqual([]);
    // Sanity: the fuzz reached past the credential check (schema errors), not only 401s.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);
  }, 300_000);
});
