// The sandboxed preload: exposes GatehouseApi as `window.gatehouse` and nothing else (STYLE.md §5).
// Bundled to dist/preload/preload.cjs by scripts/build.mjs (sandboxed preloads cannot be ES modules).
import { contextBridge, ipcRenderer } from 'electron';
import { createIpcApi } from './ipc-api.js';

contextBridge.exposeInMainWorld('gatehouse', createIpcApi(ipcRenderer));
