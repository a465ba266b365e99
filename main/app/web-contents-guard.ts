// Closes the doors of every webContents the app creates (applied from `app.on('web-contents-created')`,
// so no window, devtools page or future popup is missed): navigation away, popups and <webview> are denied.
import { isAllowedNavigation, isAllowedPermission, isAllowedRendererRequest } from './web-guards.js';

/** An Electron event that can be cancelled. */
export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of WebContents the guard hooks. */
export interface GuardableContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Denies navigation away from the renderer, every window.open, and every <webview>. */
export function guardWebContents(contents: GuardableContents, warn: (message: string) => void): void {
  const denyNavigation = (event: PreventableEvent, url: string) => {
    if (isAllowedNavigation(url)) return;
    event.preventDefault();
    warn(`navigation to ${url.slice(0, 120)} blocked`);
  };
  contents.on('will-navigate', denyNavigation);
  contents.on('will-redirect', denyNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    warn(`window.open(${url.slice(0, 120)}) blocked`);
    return { action: 'deny' };
  });
}

/** The part of an Electron Session the hardening configures. */
export interface HardenableSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  webRequest: {
    onBeforeRequest(listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void): void;
  };
  on(event: 'will-download', listener: (event: PreventableEvent) => void): unknown;
}

/** Refuses permissions, devices, downloads and every request that leaves our app:// origin. */
export function hardenSession(session: HardenableSession, warn: (message: string) => void): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isAllowedPermission(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isAllowedPermission(permission));
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRendererRequest(details.url);
    if (!allowed) warn(`request to ${details.url.slice(0, 120)} blocked`);
    callback({ cancel: !allowed });
  });
  session.on('will-download', (event) => event.preventDefault());
}
