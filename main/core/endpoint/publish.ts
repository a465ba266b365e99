// How a running instance tells hooks where it is: endpoint.json for the Node hook and every client, endpoint.native
// for the native hook (native-endpoint.ts), written and removed together.
import { HOOK_AGENTS } from '../agents/hook-registry.js';
import { hookTimeoutMs } from '../hook-client/client.js';
import { type Endpoint, removeEndpoint, writeEndpoint } from './endpoint.js';
import { removeNativeEndpoint, writeNativeEndpoint } from './native-endpoint.js';

/** Writes endpoint.native, then endpoint.json: a hook that finds the new endpoint.json finds its native twin too. */
export function publishEndpoint(home: string, endpoint: Endpoint): void {
  writeNativeEndpoint(home, endpoint, HOOK_AGENTS.map((a) => [a.cli, hookTimeoutMs({}, a.killedAfterS)] as const));
  writeEndpoint(home, endpoint);
}

/** Removes both files if they are still this process's. */
export function withdrawEndpoint(home: string, pid: number = process.pid): void {
  removeEndpoint(home, pid);
  removeNativeEndpoint(home, pid);
}
