// endpoint.native: what the native hook client (native/hook) needs of endpoint.json, in lines C reads without a JSON
// parser. Written beside endpoint.json, the same way (atomically, 0600), only where the kernel can prove the listener
// (listener.ts): the native client believes nothing else, and hands every other case to the Node hook.
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type Endpoint, writePrivate } from './endpoint.js';

/** The file's name inside GATEHOUSE_HOME. */
export const NATIVE_ENDPOINT_FILE = 'endpoint.native';
/** The first line: the format's name and version (native/hook/endpoint.c reads exactly this). */
const MAGIC = 'gatehouse-hook-endpoint 1';

/**
 * The file's text: the magic line; `PORT PID FD INODE STARTED` of the 127.0.0.1 listener; the agent token; then one
 * `CLI MS` line per agent: how long its hook may wait for an answer in all (hookTimeoutMs), the native client's
 * backstop should the server hang. Null when the native client could not believe this instance (no proof, not
 * 127.0.0.1, a token or name that is not one plain word).
 */
export function nativeEndpointText(endpoint: Endpoint, limits: ReadonlyArray<readonly [string, number]>): string | null {
  const m = /^http:\/\/127\.0\.0\.1:(\d{1,5})$/.exec(endpoint.url);
  const l = endpoint.listener;
  if (!m || !l || !/^[A-Za-z0-9._~+/=-]{16,512}$/.test(endpoint.token)) return null;
  if (limits.some(([cli, ms]) => !/^[a-z0-9-]{1,64}$/.test(cli) || !Number.isSafeInteger(ms) || ms <= 0)) return null;
  const lines = [MAGIC, `${m[1]} ${endpoint.pid} ${l.fd} ${l.inode} ${l.started}`, endpoint.token, ...limits.map(([cli, ms]) => `${cli} ${ms}`)];
  return `${lines.join('\n')}\n`;
}

/** Writes endpoint.native for this instance, or removes a stale one where the native client could not believe it. */
export function writeNativeEndpoint(home: string, endpoint: Endpoint, limits: ReadonlyArray<readonly [string, number]>): void {
  const text = nativeEndpointText(endpoint, limits);
  if (text === null) removeNativeEndpoint(home, null);
  else writePrivate(home, NATIVE_ENDPOINT_FILE, text);
}

/** Removes endpoint.native if it is `pid`'s (another instance may have replaced it since); any one when pid is null. */
export function removeNativeEndpoint(home: string, pid: number | null): void {
  const path = join(home, NATIVE_ENDPOINT_FILE);
  try {
    if (pid !== null && readFileSync(path, 'latin1').split('\n')[1]?.split(' ')[1] !== String(pid)) return;
    unlinkSync(path);
  } catch {
    // Already gone: nothing to clean up.
  }
}
