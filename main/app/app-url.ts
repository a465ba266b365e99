// The renderer is served from a custom `app://gatehouse/` origin instead of file:// (Electron security
// checklist: file:// pages share one origin with every file on disk and get extra privileges).
import path from 'node:path';
import { routeHash, type Route } from '../../common/routes.js';

/** Scheme registered as privileged before `app.ready`. */
export const APP_SCHEME = 'app';
/** The one host our protocol serves. */
export const APP_HOST = 'gatehouse';
/** The renderer's document: IPC senders must be exactly this page. */
export const RENDERER_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The URL that opens the renderer on one view. */
export function rendererUrl(route: Route = { view: 'queue' }): string {
  return route.view === 'queue' ? RENDERER_URL : `${RENDERER_URL}${routeHash(route)}`;
}

/** True when `url` is our renderer document (any hash or query), compared as a parsed URL, never by prefix. */
export function isRendererDocument(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host.toLowerCase() === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.pathname === '/index.html'
  );
}

/**
 * Maps an `app://gatehouse/...` URL to a file under `root`, or null.
 * Threat: a page (or a link in a request) asking for `app://gatehouse/../../home/u/.ssh/id_rsa`, an encoded
 * `%2e%2e`/`%2f`/`%5c`, a NUL byte or another host must never read a file outside the built renderer.
 */
export function resolveAppPath(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  const rawSegments = parsed.pathname.split('/').filter((s) => s !== '');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0) segments.push('index.html');
  const base = path.resolve(root);
  const target = path.resolve(base, ...segments);
  return target.startsWith(base + path.sep) ? target : null;
}
