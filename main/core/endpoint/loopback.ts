// Where endpoint.json's URL may send a request: only plain http on this machine, since what is sent carries tool calls
// with file contents and commands, and the agent token. Node built-ins only: the hook client imports it.

/** `path` on endpoint.json's URL `base`, only when that is http on 127.0.0.1 or localhost; null otherwise. */
export function loopbackUrl(base: string, path: string): URL | null {
  try {
    const url = new URL(path, base);
    if (url.protocol !== 'http:' || (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')) return null;
    return url;
  } catch {
    return null;
  }
}
