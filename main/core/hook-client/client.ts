// The thin hook client: one Claude Code hook event in, Gatehouse's answer out — or nothing at all.
// Node built-ins only (no database, HTTP framework, tree-sitter or policy): it runs on every tool call.
import { request } from 'node:http';
import { readEndpoint } from '../endpoint/endpoint.js';
import { HOOK_EVENTS, parseHookOutput } from './output.js';

/** Default overall limit: just under Claude Code's 600 s hook timeout, so we give up before we are killed. */
export const DEFAULT_HOOK_TIMEOUT_S = 595;
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What one hook run needs. */
export interface HookClientInput {
  /** The hook event as Claude Code wrote it to stdin. */
  stdin: string;
  /** GATEHOUSE_HOME, where endpoint.json lives. */
  home: string;
  timeoutMs: number;
}

/**
 * Asks the running Gatehouse and returns the text to print ('' = print nothing: no decision).
 * Threat: Gatehouse down, slow, replaced by something else on the port, or answering garbage must never turn
 * into an allow; only a strictly valid answer for the event that was asked gets through, re-serialised.
 */
export async function askGatehouse(input: HookClientInput): Promise<string> {
  let event: unknown;
  try {
    event = JSON.parse(input.stdin);
  } catch {
    return '';
  }
  const eventName = (event as { hook_event_name?: unknown } | null)?.hook_event_name;
  if (typeof eventName !== 'string' || !(HOOK_EVENTS as readonly string[]).includes(eventName)) return '';
  const endpoint = readEndpoint(input.home);
  if (!endpoint) return '';
  const target = loopbackUrl(endpoint.url, '/v1/hooks/claude-code');
  if (!target) return '';
  const answer = await post(target, endpoint.token, input.stdin, input.timeoutMs);
  if (answer === null) return '';
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch {
    return '';
  }
  const parsed = parseHookOutput(value, eventName);
  if (!parsed || Object.keys(parsed).length === 0) return '';
  return `${JSON.stringify(parsed)}\n`;
}

/** The hook URL, only when endpoint.json points at this machine: events carry file contents and commands. */
function loopbackUrl(base: string, path: string): URL | null {
  try {
    const url = new URL(path, base);
    if (url.protocol !== 'http:' || (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')) return null;
    return url;
  } catch {
    return null;
  }
}

/** POSTs the event; resolves with the body of a 200 JSON answer, or null for anything else (error, timeout, status). */
function post(url: URL, token: string, body: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(value);
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const type = res.headers['content-type'] ?? '';
        if (res.statusCode !== 200 || !type.startsWith('application/json')) {
          res.resume();
          finish(null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) finish(null);
          else chunks.push(chunk);
        });
        res.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => finish(null));
        res.on('aborted', () => finish(null));
      },
    );
    const timer = setTimeout(() => finish(null), timeoutMs);
    req.on('error', () => finish(null));
    req.end(body);
  });
}
