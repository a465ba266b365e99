// Entry point: choose the transport (Electron's preload if present, else the web client), then boot the UI.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { GatehouseApi } from '../common/api.js';
import { setApi } from './api/current.js';
import { App } from './App.js';
import { boot } from './store/boot.js';
import { createWebClient } from './web-client/webClient.js';
import { loginRedirect } from './web-client/login.js';
import './styles.css';

declare global {
  interface Window {
    /** Set by the Electron preload (contextBridge); absent in web mode. */
    gatehouse?: GatehouseApi;
  }
}

function start(): void {
  if (window.gatehouse) {
    setApi(window.gatehouse);
  } else {
    const login = loginRedirect(window.location.href);
    if (login) {
      window.location.replace(login);
      return;
    }
    setApi(createWebClient());
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void boot();
}

start();
