// The renderer's single handle on its host: set once at boot (IPC preload or web client), read everywhere.
import type { GatehouseApi } from '../../common/api.js';

let current: GatehouseApi | null = null;

/** Installs the transport the renderer will use; called once by the entry point. */
export function setApi(api: GatehouseApi): void {
  current = api;
}

/** The GatehouseApi in use; the renderer never knows whether it is IPC or HTTP underneath. */
export function api(): GatehouseApi {
  if (!current) throw new Error('GatehouseApi used before the entry point installed it');
  return current;
}
