// The least a decision route can cost here: the same fastify parsing a hook event's JSON and committing one SQLite
// row for it (WAL, synchronous NORMAL, as the store writes), answering `{}` — nothing probed, analysed or decided.
// Timed beside Gatehouse in the same run, it says how much of the latency goal is left for the decision itself.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running floor route: its port, and how to stop it and remove its database. */
export interface FloorRoute {
  port: number;
  close(): Promise<void>;
}

/** Starts the floor route on 127.0.0.1:0, with `GET /healthz` and `POST /v1/hooks/claude-code`. */
export async function startFloorRoute(): Promise<FloorRoute> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-floor-'));
  const db = new Database(join(dir, 'floor.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE calls (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare<[string]>('INSERT INTO calls (body) VALUES (?)');
  const app = Fastify();
  app.get('/healthz', async () => ({ ok: true }));
  app.post('/v1/hooks/claude-code', async (req) => {
    insert.run(JSON.stringify(req.body));
    return {};
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    async close() {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
