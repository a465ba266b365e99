// Entry point: choose the transport (Electron's preload if present, else the web client), then boot the UI.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { GatehouseApi } from '../common/api.js';
import { setApi } from './api/current.js';
import { App } from './App.js';
import { boot } from './store/boot.js';
import { createWebClient } from './web-client/webClient.js';
import { watchForNotifications } from './notifications/watcher.js';
import { SignedOut } from './SignedOut.js';
import { SIGNED_OUT_EVENT, sessionToken, signIn, takeCodeFromUrl } from './web-client/session.js';
import './styles.css';
import './phone.css';

declare global {
  interface Window {
    /** Set by the Electron preload (contextBridge); absent in web mode. */
    gatehouse?: GatehouseApi;
  }
}

/** Web mode: redeem a sign-in link in the address bar, then the app when signed in, else the signed-out page. */
async function startWeb(root: Root): Promise<void> {
  const code = takeCodeFromUrl();
  const problem = code === null ? null : await signIn(code);
  // A session the server stops accepting (expired, server restarted) ends in the signed-out page, not a broken app.
  window.addEventListener(SIGNED_OUT_EVENT, () => window.location.reload(), { once: true });
  if (sessionToken() === null) {
    root.render(<SignedOut problem={problem} />);
    document.body.dataset.appState = 'signed-out';
    return;
  }
  setApi(createWebClient());
  watchForNotifications();
  render(root);
}

function render(root: Root): void {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void boot();
}

function start(): void {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  const root = createRoot(element);
  if (!window.gatehouse) {
    void startWeb(root);
    return;
  }
  setApi(window.gatehouse);
  render(root);
}

start();
