// Who may call what, on the real server: the agent token never reaches approver routes; the guard covers every route.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A_ROUTES, P_ROUTES } from '../../security/routes.js';
import { http, startGatehouse, tempDir, type TestGatehouse } from './helpers.js';

let g: TestGatehouse;
let staticDir: string;

beforeAll(async () => {
  staticDir = tempDir('gatehouse-static-');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
  g = await startGatehouse({ staticDir });
});
afterAll(async () => {
  await g.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('approver routes', () => {
  it.each(P_ROUTES)('%s %s: agent token → 403, nothing → 401, wrong token → 401, approver → allowed', async (method, path, body) => {
    expect((await http(g.port, method, path, { token: g.agentToken, body })).status).toBe(403);
    expect((await http(g.port, method, path, { body })).status).toBe(401);
    expect((await http(g.port, method, path, { token: 'x'.repeat(43), body })).status).toBe(401);
    const ok = await http(g.port, method, path, { token: g.approverToken, body });
    expect([200, 201, 204, 404, 409]).toContain(ok.status);
  });

  it('the SSE stream needs the approver too', async () => {
    expect((await http(g.port, 'GET', '/v1/events', { token: g.agentToken })).status).toBe(403);
    expect((await http(g.port, 'GET', '/v1/events')).status).toBe(401);
  });
});

describe('agent routes', () => {
  // Allowed: past the credential check, answered (404: no such request; 409: no sandbox runs in this test's Gatehouse).
  it.each(A_ROUTES)('%s %s: no credential → 401, agent and approver → allowed', async (method, path, body) => {
    expect((await http(g.port, method, path, { body })).status).toBe(401);
    expect([200, 404, 409]).toContain((await http(g.port, method, path, { token: g.agentToken, body })).status);
    expect([200, 404, 409]).toContain((await http(g.port, method, path, { token: g.approverToken, body })).status);
  });
});

describe('the guard runs before everything', () => {
  it.each([
    ['GET', '/healthz'],
    ['GET', '/'],
    ['GET', '/index.html'],
    ['GET', '/no-such-route'],
    ['POST', '/v1/hooks/claude-code'],
    ['GET', '/v1/rules'],
  ])('%s %s with a rebinding Host → 403, even with a valid token', async (method, path) => {
    const res = await http(g.port, method, path, { token: g.approverToken, headers: { host: 'evil.example:80' }, setHost: false });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: expect.stringMatching(/forbidden/) });
  });

  it('refuses a foreign Origin (CSRF) on a state-changing route', async () => {
    const res = await http(g.port, 'POST', '/v1/rules', {
      token: g.approverToken,
      body: { action: 'allow', pattern: 'Bash' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(((await g.approver('GET', '/v1/rules')).json as Array<{ pattern: string }>).map((r) => r.pattern)).not.toContain('Bash');
  });

  it('serves health and the UI with a strict CSP on the right Host', async () => {
    const health = await http(g.port, 'GET', '/healthz');
    expect(health).toMatchObject({ status: 200, json: { ok: true } });
    const page = await http(g.port, 'GET', '/', { headers: { host: `localhost:${g.port}` }, setHost: false });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Gatehouse</title>');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/);
  });
});

describe('sign-in code → a session token the page keeps (never a cookie)', () => {
  it('the printed link hands the code to the page in the fragment; POST /v1/login swaps it once for a bearer session', async () => {
    const url = new URL(g.server.loginUrl());
    const code = url.searchParams.get('code') ?? '';
    const link = await http(g.port, 'GET', `${url.pathname}${url.search}`);
    expect(link.status).toBe(303);
    expect(link.headers['location']).toBe(`/#code=${code}`);
    expect(link.headers['set-cookie']).toBeUndefined();

    const login = await http(g.port, 'POST', '/v1/login', { body: { code } });
    expect(login.status).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const token = (login.json as { token: string }).token;
    expect(token).toMatch(/^[\w-]{43}$/);

    expect((await http(g.port, 'GET', '/v1/rules', { token })).status).toBe(200);
    const post = await http(g.port, 'PATCH', '/v1/settings', { token, headers: { origin: `http://127.0.0.1:${g.port}` }, body: { timeout_seconds: 120 } });
    expect(post.status).toBe(200);

    expect((await http(g.port, 'POST', '/v1/login', { body: { code } })).status).toBe(401);
    expect((await http(g.port, 'GET', '/v1/rules', { token: 'forged-forged-forged-forged' })).status).toBe(401);
    // A cookie of any name is not a credential.
    expect((await http(g.port, 'GET', '/v1/rules', { headers: { cookie: `gatehouse_session=${token}` } })).status).toBe(401);
  });

  it('guessing codes is rate limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await http(g.port, 'POST', '/v1/login', { body: { code: `guess-${i}` } })).status);
    const firstLimited = statuses.indexOf(429);
    // 20 failures a minute (one was spent by the test above), then every attempt is refused unread.
    expect(firstLimited).toBeGreaterThanOrEqual(15);
    expect(statuses.slice(0, firstLimited).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true);
  });
});
