// Gatehouse's approver API on this machine, however the loopback host and the path are spelled: `127.1`, `0`,
// `2130706433`, `[::ffff:127.0.0.1]`, `localhost.`, `/./v1/%72ules` all reach the same server as `127.0.0.1/v1/rules`.

// The API's state-changing routes: rules, settings, decisions, presets, agent hooks, approver login.
const ROUTE = /^\/(v1|api)\/(rules|settings|mode|presets|agents|session-approvals|login|requests\/[^/]+\/decision)(\/|$)/i;
// A word that may hold a URL to it: a host-ish part followed by a path.
const CANDIDATE = /(?:[a-z][a-z0-9+.-]*:\/\/)?[^\s/'"]+\/[^\s'"]*/gi;

/** Whether a host, as WHATWG URL normalizes it, is this machine's loopback or any-address. */
function isLoopback(host: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  return /^127\./.test(h) || h === '0.0.0.0' || h === 'localhost' || h.endsWith('.localhost') || /^\[(::1?|::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.[\d.]+|0:0))\]$/.test(h);
}

/**
 * Whether `word` holds a URL to a state-changing route of an API on this machine (the approver API), in any spelling.
 * Threat: `curl -X POST http://127.1:PORT/v1/rules`, `http://[::ffff:7f00:1]:PORT/v1/%72ules` past a literal-host check.
 */
export function callsApproverApi(word: string): boolean {
  if (!/v1|api|%/i.test(word)) return false;
  for (const m of word.matchAll(CANDIDATE)) {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(m[0]) ? m[0] : `http://${m[0]}`);
    } catch {
      continue;
    }
    if (!isLoopback(url.hostname)) continue;
    let path = url.pathname.replace(/\/{2,}/g, '/');
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape: judged as written.
    }
    // curl expands globs (`rule[s-t]`, `{rules,x}`) into several URLs: one under the API's prefix may be any route.
    if (ROUTE.test(path) || (/[[{]/.test(path) && /^\/(v1|api)\//i.test(path))) return true;
  }
  return false;
}
