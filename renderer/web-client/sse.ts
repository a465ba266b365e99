// A server-sent event stream read with fetch, so the request carries the page's Authorization header (EventSource
// cannot send headers, and a cookie would travel to other local servers too — session.ts).

/** One parsed event: its `event:` name and `data:` text. */
export interface SseMessage {
  event: string;
  data: string;
}

/** Splits SSE text into complete messages; returns them and the unfinished rest. */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

/** Reads the stream at `url` until it ends, fails or `signal` aborts; `onOpen` runs once the server answered 200. */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  on: { open(): void; message(m: SseMessage): void; status(code: number): void },
): Promise<void> {
  const response = await fetch(url, { credentials: 'omit', headers: { accept: 'text/event-stream', ...headers }, signal, cache: 'no-store' });
  if (!response.ok || !response.body) {
    on.status(response.status);
    return;
  }
  on.open();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const m of parsed.messages) on.message(m);
  }
}
