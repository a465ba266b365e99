// An in-memory stand-in for Electron's IPC between one renderer (the preload's ipcRenderer) and main (ipcMain),
// with structured cloning on every crossing like the real thing — a function or class instance fails to cross.
import type { FrameLike, InvokeEventLike, IpcMainLike } from '../../main/app/ipc-service.js';
import type { IpcRendererLike } from '../../preload/ipc-api.js';

type Handler = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;
type Listener = (event: unknown, ...args: unknown[]) => void;

/** Who the next messages come from. */
export interface SenderSetup {
  webContentsId: number;
  frameUrl: string | null;
  subframe: boolean;
}

/** One renderer wired to one ipcMain. */
export function createIpcBus(sender: SenderSetup = { webContentsId: 1, frameUrl: 'app://gatehouse/index.html', subframe: false }) {
  const handlers = new Map<string, Handler>();
  const listeners = new Map<string, Set<Listener>>();
  const mainFrame: FrameLike = { url: 'app://gatehouse/index.html', parent: null, processId: 4, routingId: 1 };
  const ipcEvent = { sender: 'this is ipcRenderer: it must never reach the page' };

  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };

  const webContents = {
    get id() {
      return sender.webContentsId;
    },
    mainFrame,
    send: (channel: string, ...args: unknown[]) => {
      for (const l of listeners.get(channel) ?? []) l(ipcEvent, ...structuredClone(args));
    },
    isDestroyed: () => false,
  };

  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
      const frame: FrameLike | null =
        sender.frameUrl === null
          ? null
          : sender.subframe
            ? { url: sender.frameUrl, parent: mainFrame, processId: 4, routingId: 9 }
            : { ...mainFrame, url: sender.frameUrl };
      return structuredClone(await handler({ sender: webContents, senderFrame: frame }, ...structuredClone(args)));
    },
    on(channel, listener) {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };

  return { ipcMain, ipcRenderer, webContents, handlers, listeners, sender };
}
