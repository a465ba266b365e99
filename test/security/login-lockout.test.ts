// An agent that keeps the sign-in limiter full of wrong codes must not lock the person out: the limiter holds back
// the guesser only, and the code `serve` printed still opens a session (issue 26).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
beforeAll(async () => {
  g = await startGatehouse();
});
afterAll(() => g.close());

/** Wrong codes until the route refuses them unread; resolves with how many were answered 401 first. */
async function saturate(): Promise<number> {
  let refused = 0;
  for (let i = 0; i < 100; i++) {
    const status = (await http(g.port, 'POST', '/v1/login', { body: { code: `guess-${i}-${'x'.repeat(40)}` } })).status;
    if (status === 429) return refused;
    expect(status).toBe(401);
    refused++;
  }
  throw new Error('the limiter never filled');
}

describe('sign-in while an agent floods the route with wrong codes', () => {
  it('the printed code still logs the person in, and the guesser is still limited', async () => {
    const code = new URL(g.server.loginUrl()).searchParams.get('code') ?? '';
    expect(await saturate()).toBeGreaterThan(0);
    const login = await http(g.port, 'POST', '/v1/login', { body: { code } });
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;
    expect((await http(g.port, 'GET', '/v1/rules', { token })).status).toBe(200);
    // The guesser is still held back, and the used code is now just another wrong one.
    expect((await http(g.port, 'POST', '/v1/login', { body: { code: 'one-more-guess' } })).status).toBe(429);
    expect((await http(g.port, 'POST', '/v1/login', { body: { code } })).status).toBe(429);
  });

  it('a fresh code from the serve terminal works too while the flood goes on', async () => {
    const fresh = new URL(g.server.loginUrl()).searchParams.get('code') ?? '';
    expect((await http(g.port, 'POST', '/v1/login', { body: { code: 'still-guessing' } })).status).toBe(429);
    expect((await http(g.port, 'POST', '/v1/login', { body: { code: fresh } })).status).toBe(200);
  });
});
