// The kernel's word on who listens (endpoint/listener.ts), which spares the hook loading node:crypto: believed only
// for exactly the socket, descriptor and process start that endpoint.json records; anything else falls back to the
// signature, which an impostor cannot make.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, writeEndpoint } from '../../../main/core/endpoint/endpoint.js';
import { createInstanceKey } from '../../../main/core/endpoint/instance-key.js';
import { type ListenerIdentity, listenerProven, listenersOnPort, ownListener, startTimeFromStat } from '../../../main/core/endpoint/listener.js';
import { fixture, makeWorkspace, tempDir } from '../server/helpers.js';
import { BUILT, runCli } from '../cli/run-cli.js';

// Where the kernel cannot say who listens (not Linux, or a sandbox without /proc/net), hooks rely on signatures alone.
const PROC_NET = process.platform === 'linux' && existsSync('/proc/net/tcp');

const HEAD = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
const row = (local: string, state: string, inode: string) =>
  `   0: ${local} 00000000:0000 ${state} 00000000:00000000 00:00000000 00000000     0        0 ${inode} 1 0000000000000000 100 0 0 10 0`;

describe('reading /proc/net/tcp', () => {
  it.each<[string, string[], number, Array<{ address: string; inode: string }> | null]>([
    ['a loopback listener on the port', [row('0100007F:1F90', '0A', '77')], 8080, [{ address: '0100007F', inode: '77' }]],
    ['a wildcard listener on the port counts too', [row('00000000:1F90', '0A', '78')], 8080, [{ address: '00000000', inode: '78' }]],
    ['an IPv6 (tcp6) listener', [row('00000000000000000000000000000000:1F90', '0A', '79')], 8080, [{ address: '00000000000000000000000000000000', inode: '79' }]],
    ['connections to the port are not listeners', [row('0100007F:1F90', '01', '80'), row('0100007F:1F90', '06', '0')], 8080, []],
    ['another port', [row('0100007F:1F91', '0A', '81')], 8080, []],
    ['two listeners on the port are both reported', [row('0100007F:1F90', '0A', '82'), row('00000000:1F90', '0A', '83')], 8080, [{ address: '0100007F', inode: '82' }, { address: '00000000', inode: '83' }]],
    ['a line that does not parse spoils the table', [row('0100007F:1F90', '0A', '84'), '   1: garbage'], 8080, null],
    ['a non-numeric inode spoils the table', [row('0100007F:1F90', '0A', '8x')], 8080, null],
  ])('%s', (_name, rows, port, expected) => {
    expect(listenersOnPort([HEAD, ...rows, ''].join('\n'), port)).toEqual(expected);
  });

  it('text that is not the table is not read as an empty one', () => {
    expect(listenersOnPort('', 8080)).toBeNull();
    expect(listenersOnPort(row('0100007F:1F90', '0A', '77'), 8080)).toBeNull();
  });
});

describe('reading /proc/<pid>/stat', () => {
  const fields = (comm: string) => `4242 (${comm}) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 1 0 0 20 0 1 0 987654 1000 100 18446744073709551615`;
  it.each([
    ['node', '987654'],
    ['a b', '987654'],
    ['x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 999 (', '987654'], // a name that fakes fields
  ])('the start time of a process named %j', (comm, started) => {
    expect(startTimeFromStat(fields(comm))).toBe(started);
  });
  it('a truncated or foreign text gives none', () => {
    expect(startTimeFromStat('4242 (node) S 1')).toBeNull();
    expect(startTimeFromStat('no parenthesis here')).toBeNull();
  });
});

describe.runIf(PROC_NET)('proving the listener through /proc', () => {
  let server: Server;
  let port: number;
  let own: ListenerIdentity;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as { port: number }).port;
    own = ownListener(port)!;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("finds this process's own listening socket, and holds up only for exactly it", () => {
    expect(own).toMatchObject({ fd: expect.any(Number), inode: expect.stringMatching(/^\d+$/), started: expect.stringMatching(/^\d+$/) });
    expect(listenerProven(process.pid, own)).toBe(true);
    expect(listenerProven(process.pid, { ...own, started: String(Number(own.started) + 1) })).toBe(false);
    expect(listenerProven(process.pid, { ...own, inode: String(Number(own.inode) + 1) })).toBe(false);
    expect(listenerProven(process.pid, { ...own, fd: 0 })).toBe(false);
    expect(listenerProven(process.pid, undefined)).toBe(false);
  });

  it('a process that has exited proves nothing, whatever endpoint.json says', () => {
    const gone = spawnSync('true').pid!;
    expect(listenerProven(gone, own)).toBe(false);
  });

  it('no identity for a port nobody here listens on', () => {
    expect(ownListener(1)).toBeUndefined();
  });
});

describe.runIf(BUILT && PROC_NET)('the hook process, believing the kernel instead of a signature', () => {
  let ws: string;
  let cleanupWs: () => void;
  let home: string;
  let fake: Server;
  let endpoint: Endpoint;
  const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
  const hook = () => runCli(['hook', 'claude-code'], { stdin: JSON.stringify(fixture('pre-bash.json', ws)), env: { GATEHOUSE_HOME: home } });
  beforeAll(async () => {
    ({ ws, cleanup: cleanupWs } = makeWorkspace());
    home = tempDir('gatehouse-home-');
    // Answers allow without signing: only a proven listener gets that believed.
    fake = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(allow)));
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    const port = (fake.address() as { port: number }).port;
    endpoint = { url: `http://127.0.0.1:${port}`, token: 't'.repeat(43), pid: process.pid, key: createInstanceKey().publicKey, listener: ownListener(port)! };
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((r) => fake.close(r));
    rmSync(home, { recursive: true, force: true });
    cleanupWs();
  });

  it('the listener endpoint.json records, still held by its process: its answer is taken without a signature', async () => {
    writeEndpoint(home, endpoint);
    expect(JSON.parse((await hook()).stdout)).toMatchObject(allow);
  });

  it.each<[string, (e: Endpoint) => Endpoint]>([
    ['another process start (a reused pid)', (e) => ({ ...e, listener: { ...e.listener!, started: '1' } })],
    ['another socket', (e) => ({ ...e, listener: { ...e.listener!, inode: '1' } })],
    ['another descriptor', (e) => ({ ...e, listener: { ...e.listener!, fd: 0 } })],
    ['another process', (e) => ({ ...e, pid: spawnSync('true').pid! })],
    ['a name rather than 127.0.0.1 (localhost may be another address)', (e) => ({ ...e, url: e.url.replace('127.0.0.1', 'localhost') })],
    ['no listener recorded', ({ listener: _, ...e }) => e],
  ])('%s: the unsigned allow is not believed', async (_name, change) => {
    writeEndpoint(home, change(endpoint));
    const r = await hook();
    expect(r).toMatchObject({ code: 0, stdout: '' });
    // (localhost may also resolve to ::1, where nothing listens: not reached is not believed either.)
    expect(r.stderr).toMatch(/not the Gatehouse that wrote endpoint.json|cannot reach Gatehouse/);
  });
});
