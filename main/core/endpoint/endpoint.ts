// endpoint.json: how hooks find the running Gatehouse. Node built-ins only, because the hook client imports it.
import { chmodSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListenerIdentity } from './listener.js';

/** What endpoint.json holds. */
export interface Endpoint {
  url: string;
  token: string;
  pid: number;
  /** The instance's public key (instance-key.ts): hooks believe only answers it signed. */
  key: string;
  /** Which socket the instance listens on (listener.ts), where the kernel can tell: hooks then need no signature check. */
  listener?: ListenerIdentity;
}

/** Where endpoint.json lives inside GATEHOUSE_HOME. */
export function endpointPath(home: string): string {
  return join(home, 'endpoint.json');
}

/**
 * Writes endpoint.json atomically (temp file + rename) with mode 0600 in a 0700 home, so no other user can read
 * the agent token and a hook never reads a half-written file.
 */
export function writeEndpoint(home: string, endpoint: Endpoint): void {
  writePrivate(home, 'endpoint.json', `${JSON.stringify(endpoint)}\n`);
}

/** Writes `name` in `home` as endpoint.json is written: atomically, mode 0600 in a 0700 home. */
export function writePrivate(home: string, name: string, text: string): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chmodSync(home, 0o700);
  const tmp = join(home, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, join(home, name));
}

/** Removes endpoint.json if it is still ours (another instance may have replaced it since). */
export function removeEndpoint(home: string, pid: number = process.pid): void {
  const current = readEndpoint(home);
  if (current && current.pid !== pid) return;
  try {
    unlinkSync(endpointPath(home));
  } catch {
    // Already gone: nothing to clean up.
  }
}

/** Reads endpoint.json; null when it is missing or not the expected shape. */
export function readEndpoint(home: string): Endpoint | null {
  let raw: string;
  try {
    raw = readFileSync(endpointPath(home), 'utf8');
  } catch {
    return null;
  }
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { url, token, pid, key, listener } = v as Record<string, unknown>;
    if (typeof url !== 'string' || typeof token !== 'string' || typeof pid !== 'number' || typeof key !== 'string') return null;
    const identity = listenerIdentity(listener);
    return identity ? { url, token, pid, key, listener: identity } : { url, token, pid, key };
  } catch {
    return null;
  }
}

/** A recorded listener identity when it has exactly the expected shape; anything else is ignored (signatures decide). */
function listenerIdentity(v: unknown): ListenerIdentity | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { fd, inode, started } = v as Record<string, unknown>;
  if (typeof fd !== 'number' || !Number.isSafeInteger(fd) || fd < 0) return undefined;
  if (typeof inode !== 'string' || !/^\d+$/.test(inode) || typeof started !== 'string' || !/^\d+$/.test(started)) return undefined;
  return { fd, inode, started };
}
