// The Content-Security-Policy of the renderer, one string for every host that serves it (Electron's app://
// protocol, the web server). Scripts only from our own bundle: injected markup in a request cannot run code.
// Monaco needs inline styles and same-origin (or blob:) workers; nothing is fetched from anywhere else.

/** The renderer's CSP header value. */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
