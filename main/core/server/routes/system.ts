// Open and infrastructure routes: health, metrics, the SSE event stream, the one-time login, and the web UI files.
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import { SESSION_COOKIE } from '../auth.js';
import { LoginQuery } from '../schemas.js';
import type { ApproverSessions } from '../sessions.js';

/** Comment lines sent this often keep proxies and EventSource from timing the stream out. */
export const HEARTBEAT_MS = 15_000;

/** Registers /healthz, /metrics, /v1/events, /login and (when built) the renderer at /. */
export async function registerSystemRoutes(app: App, core: Core, sessions: ApproverSessions, staticDir: string | undefined): Promise<void> {
  app.get('/healthz', { config: { access: 'open' } }, async () => ({ ok: true }));

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

  app.get('/login', { config: { access: 'open' }, schema: { querystring: LoginQuery } }, async (req, reply) => {
    const session = sessions.redeem(req.query.code);
    if (!session) {
      return reply.code(401).send({ error: 'this login link is invalid, already used or expired; restart `gatehouse serve` for a new one' });
    }
    void reply.setCookie(SESSION_COOKIE, session, { httpOnly: true, sameSite: 'strict', path: '/' });
    return reply.redirect('/', 303);
  });

  if (staticDir && existsSync(staticDir)) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', index: ['index.html'] });
  }
}
