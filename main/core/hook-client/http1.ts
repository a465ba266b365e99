// HTTP/1.1 over node:net for the hook and the MCP proxy's kept-alive link (mcp/keep-alive.ts): node:http alone costs
// ~40 ms to load in Node 22, more than the rest of the hook process, and its client ~0.3 ms of every proxied tool call.
// Only what Gatehouse's own server sends is understood (a status line, headers, a Content-Length or chunked body);
// anything else is "no answer", so a misreading can only make the hook fall back or the proxy refuse, never allow.

/** A parsed response. */
export interface Http1Response {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: Buffer;
  /** Bytes of the status line and headers, blank line included: a Content-Length answer ends at head + body.length. */
  head: number;
}

/** The request bytes for one exchange: Connection: close (the response ends with the socket) unless `keepAlive`. */
export function http1Request(method: string, host: string, path: string, headers: Record<string, string>, body: string | null, keepAlive = false): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`];
  if (!keepAlive) lines.push('connection: close');
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`header ${name} holds a line break`);
    lines.push(`${name}: ${value}`);
  }
  const payload = body === null ? Buffer.alloc(0) : Buffer.from(body, 'utf8');
  if (body !== null) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** Decodes a chunked body; null when it is malformed or incomplete. */
function unchunk(raw: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol === -1) return null;
    const size = Number.parseInt(raw.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isSafeInteger(size) || size < 0) return null;
    if (size === 0) return Buffer.concat(parts);
    const start = eol + 2;
    if (start + size + 2 > raw.length || raw[start + size] !== 0x0d || raw[start + size + 1] !== 0x0a) return null;
    parts.push(raw.subarray(start, start + size));
    at = start + size + 2;
  }
}

/** A response's status line and headers. */
export type Http1Head = Omit<Http1Response, 'body'>;

/**
 * Parses the status line and headers ending at `end` (the index of the blank line's \r\n\r\n); null when they are not
 * well-formed. Apart from parseHttp1Response so a reader of a long answer (mcp/answer-reader.ts) reads them once.
 */
export function parseHttp1Head(raw: Buffer, end: number): Http1Head | null {
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine ?? '');
  if (!m) return null;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(m[1]), headers, head: end + 4 };
}

/** Parses a whole response as received until the server closed; null when it is not a complete, well-formed one. */
export function parseHttp1Response(raw: Buffer): Http1Response | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const head = parseHttp1Head(raw, end);
  if (head === null) return null;
  const { headers } = head;
  const rest = raw.subarray(end + 4);
  let body: Buffer | null;
  if ((headers['transfer-encoding'] ?? '').toLowerCase() === 'chunked') body = unchunk(rest);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    body = Number.isSafeInteger(length) && length >= 0 && rest.length >= length ? rest.subarray(0, length) : null;
  } else body = rest;
  return body === null ? null : { ...head, body };
}
