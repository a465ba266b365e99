// Serves the built renderer on app://gatehouse/ with the strict CSP on every response.
// Written against the Fetch API's Request/Response (global in Node and in Electron's `protocol.handle`),
// so the handler is tested under plain Node with real files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RENDERER_CSP } from '../../common/csp.js';
import { resolveAppPath } from './app-url.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Headers every app:// response carries, errors included. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': RENDERER_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  };
}

/** The `protocol.handle` callback for the app scheme, reading files from `root` (dist/renderer). */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = securityHeaders();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('method not allowed', { status: 405, headers });
    }
    const file = resolveAppPath(request.url, root);
    if (!file) return new Response('not found', { status: 404, headers });
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return new Response('not found', { status: 404, headers });
    }
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'Content-Type': type },
    });
  };
}
