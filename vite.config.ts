// Renderer build: root renderer/, output dist/renderer, relative base so index.html loads from file:// or app://
// (Electron) and from `gatehouse serve` alike. Monaco and its worker are bundled locally: nothing from a CDN.
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { RENDERER_CSP } from './common/csp.js';

/** Puts the one renderer CSP (common/csp.ts) into index.html; frame-ancestors is header-only, so it is left out. */
function cspMeta(): Plugin {
  const policy = RENDERER_CSP.split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
  return { name: 'gatehouse-csp-meta', transformIndexHtml: (html) => html.replaceAll('__GATEHOUSE_CSP__', policy) };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // Module preload polyfill would be an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
  },
  worker: { format: 'es' },
});
