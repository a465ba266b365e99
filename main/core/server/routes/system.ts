// Open and infrastructure routes: health, metrics, the SSE event stream, the one-time login, and the web UI files.
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import { LoginBody, LoginQuery } from '../schemas.js';
import { FailureLimiter, SESSION_TTL_SECONDS, type ApproverSessions } from '../sessions.js';

/** Comment lines sent this often keep proxies and EventSource from timing the stream out. */
export const HEARTBEAT_MS = 15_000;

/** Registers /healthz, /metrics, /v1/events, /login and (when built) the renderer at /. */
export async function registerSystemRoutes(app: App, core: Core, sessions: ApproverSessions, staticDir: string | undefined): Promise<void> {
  app.get('/healthz', { config: { access: 'open' } }, async () => ({ ok: true }));
  const logins = new FailureLimiter();

  app.get('/metrics', { config: { access: 'P' } }, async (_req, reply) =>
    reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').send(core.metrics.render()),
  );

  const streams = new Set<ServerResponse>();
  app.get('/v1/events', { config: { access: 'P' } }, (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = core.events.subscribeAll((event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    streams.add(res);
    res.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  });
  // Open event streams would keep close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  // The printed link hands its code to the page in the fragment (never sent to any server, gone from the address bar
  // at once); the page redeems it itself and keeps the session token in its own storage (auth.ts says why).
  app.get('/login', { config: { access: 'open' }, schema: { querystring: LoginQuery } }, async (req, reply) =>
    reply.redirect(`/#code=${encodeURIComponent(req.query.code)}`, 303),
  );

  // Threat: an agent that floods this route with wrong codes must not lock the person out. The code is tried first,
  // always: a valid one (256 random bits, single use, 10 minutes) opens a session however full the limiter is, and
  // only wrong codes are limited (a guess cannot succeed; the limit keeps a flood's answers cheap and plain).
  app.post('/v1/login', { config: { access: 'open' }, schema: { body: LoginBody } }, async (req, reply) => {
    const token = sessions.redeem(req.body.code);
    if (token !== null) return { token, expires_in: SESSION_TTL_SECONDS };
    if (!logins.allow()) return reply.code(429).send({ error: 'too many wrong sign-in codes; wait a minute (a valid code still works)' });
    logins.failed();
    return reply.code(401).send({ error: 'this sign-in link is invalid, already used or expired: press Enter in the terminal running `gatehouse serve` for a new one' });
  });

  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', index: ['index.html'] });
  }
}
