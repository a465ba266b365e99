// Telling the real Gatehouse from an impostor without cryptography, where the kernel can say who holds a socket
// (Linux /proc). At start Gatehouse records in endpoint.json which socket listens on its 127.0.0.1 port (its inode),
// at which descriptor, and when its process started. A bound socket never changes its address, and while it listens
// no other socket can listen on that address and port, so a hook in the same network namespace that finds that socket
// still held at that descriptor by the process that started then knows that its connection reached Gatehouse — and
// skips loading node:crypto to verify the signature (a few ms on every tool call). Whenever anything is missing,
// unreadable or different, the proof fails and the hook verifies the signature as before. The hook's check reads
// only /proc/<pid> entries: /proc/net/tcp costs the kernel a walk of every connection (tens of ms on a busy machine).
// Node built-ins only: the hook imports it.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Which socket an instance listens on, as endpoint.json records it. */
export interface ListenerIdentity {
  /** The descriptor holding the listening socket in the instance's process. */
  fd: number;
  /** The socket's inode (decimal, as /proc prints it). */
  inode: string;
  /** The instance process's start time (clock ticks after boot, /proc/<pid>/stat field 22), so a reused pid fails. */
  started: string;
}

/** A listening TCP socket as a /proc/net/tcp or tcp6 table shows it. */
export interface ProcListener {
  /** The local address in the table's hex spelling (8 hex digits for IPv4, 32 for IPv6). */
  address: string;
  inode: string;
}

const LISTEN = '0A';
const IPV4_LOOPBACK = '0100007F';

/**
 * The listening sockets on `port` in the text of /proc/net/tcp or /proc/net/tcp6; null when the text is not such a
 * table (a line that does not parse makes the whole table unusable rather than skipped).
 */
export function listenersOnPort(table: string, port: number): ProcListener[] | null {
  const lines = table.split('\n');
  if (!/^\s*sl\s+local_address\s/.test(lines[0] ?? '')) return null;
  const found: ProcListener[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const fields = line.trim().split(/\s+/);
    const local = /^([0-9A-F]{8}|[0-9A-F]{32}):([0-9A-F]{4})$/.exec(fields[1] ?? '');
    const state = fields[3] ?? '';
    const inode = fields[9] ?? '';
    if (!local || !/^[0-9A-F]{2}$/.test(state) || !/^\d+$/.test(inode)) return null;
    if (state === LISTEN && Number.parseInt(local[2]!, 16) === port) found.push({ address: local[1]!, inode });
  }
  return found;
}

/** The start time (field 22) in the text of /proc/<pid>/stat; null when it is not such a text. */
export function startTimeFromStat(stat: string): string | null {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself: count from the last ')'.
  const close = stat.lastIndexOf(')');
  if (close === -1) return null;
  const after = stat.slice(close + 1).trim().split(/\s+/);
  const started = after[19]; // fields 3… start at index 0, so field 22 is at index 19
  return started !== undefined && /^\d+$/.test(started) ? started : null;
}

/** The listening sockets on `port` in both of this network namespace's tables; null when either cannot be read. */
function allListeners(port: number): ProcListener[] | null {
  const v4 = listenersOnPort(readFileSync('/proc/net/tcp', 'latin1'), port);
  let v6: ProcListener[] | null = [];
  try {
    v6 = listenersOnPort(readFileSync('/proc/net/tcp6', 'latin1'), port);
  } catch (err) {
    // No IPv6 in this kernel: no IPv6 listener can share the port.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return null;
  }
  return v4 === null || v6 === null ? null : [...v4, ...v6];
}

/** The socket inode a descriptor link names (`socket:[123]`), else null. */
function socketInode(link: string): string | null {
  return /^socket:\[(\d+)\]$/.exec(link)?.[1] ?? null;
}

/**
 * This process's identity as the listener on 127.0.0.1:`port`, for endpoint.json; undefined where /proc cannot tell
 * (not Linux, /proc hidden) — hooks then rely on the signature alone.
 */
export function ownListener(port: number): ListenerIdentity | undefined {
  try {
    const started = startTimeFromStat(readFileSync('/proc/self/stat', 'latin1'));
    const listeners = allListeners(port);
    if (started === null || listeners?.length !== 1 || listeners[0]!.address !== IPV4_LOOPBACK) return undefined;
    const inode = listeners[0]!.inode;
    for (const name of readdirSync('/proc/self/fd')) {
      let link: string;
      try {
        link = readlinkSync(`/proc/self/fd/${name}`);
      } catch {
        continue; // closed since the listing (the listing's own descriptor, among others)
      }
      if (socketInode(link) === inode) return { fd: Number(name), inode, started };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether process `pid`, started when `identity` says, still holds the socket it recorded at the recorded descriptor,
 * and shares our network namespace: then the 127.0.0.1 port that socket was bound to, which we connected to, is its.
 * Only for a connection to 127.0.0.1 itself (a name like localhost may resolve to another address).
 */
export function listenerProven(pid: number, identity: ListenerIdentity | undefined): boolean {
  if (identity === undefined || process.platform !== 'linux' || !Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    if (socketInode(readlinkSync(`/proc/${pid}/fd/${identity.fd}`)) !== identity.inode) return false;
    if (readlinkSync(`/proc/${pid}/ns/net`) !== readlinkSync('/proc/self/ns/net')) return false;
    return startTimeFromStat(readFileSync(`/proc/${pid}/stat`, 'latin1')) === identity.started;
  } catch {
    return false;
  }
}
