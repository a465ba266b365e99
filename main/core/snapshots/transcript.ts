// A call the person approved that the agent's own policy then refused: Gemini CLI sends no AfterTool for it, but
// records it in the session transcript its hook events name (`transcript_path`, JSONL: one message a line, a "gemini"
// message's `toolCalls` with each call's `args`, `status` and the agent's own `resultDisplay`/`result`). Gatehouse
// reads the agent's reason from there. The transcript is the agent's word: it only supplies the reason for a call
// already known not to have run (the session went on and nothing changed), never the verdict.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { isPlainObject } from '../agents/hook-agent.js';
import { refusalIn } from './ran.js';

/** The most of a transcript read (its end: the call in question is among the last). */
const MAX_BYTES = 8 * 1024 * 1024;

/** Every string value of the call's arguments, to find the agent's record of it (its own names and extra fields aside). */
function stringsOf(args: Record<string, unknown>): string[] {
  return Object.values(args).filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * The agent's reason for refusing the call with these arguments, from a transcript's text: the last recorded call that
 * carries every string argument and whose result is a refusal; null when there is none. Pure.
 */
export function refusalInTranscript(text: string, args: Record<string, unknown>): string | null {
  const wanted = stringsOf(args);
  if (wanted.length === 0) return null;
  let found: string | null = null;
  for (const line of text.split('\n')) {
    if (!line.includes('toolCalls')) continue;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    const calls = isPlainObject(message) ? message['toolCalls'] : undefined;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      if (!isPlainObject(call) || call['status'] === 'success' || !isPlainObject(call['args'])) continue;
      const have = stringsOf(call['args']);
      if (!wanted.every((w) => have.includes(w))) continue;
      const parts = Array.isArray(call['result']) ? call['result'] : [];
      const responses = parts.map((p) => (isPlainObject(p) && isPlainObject(p['functionResponse']) ? p['functionResponse']['response'] : undefined));
      const reason = [call['resultDisplay'], ...responses].map((r) => refusalIn(isPlainObject(r) ? r : { returnDisplay: r })).find((r) => r !== null);
      if (reason) found = reason;
    }
  }
  return found;
}

/**
 * The last MAX_BYTES of the transcript at `path`, or null: an absolute path to a regular file only (opened without
 * blocking, so a FIFO the agent names cannot hold the server).
 */
export function readTranscript(path: unknown): string | null {
  if (typeof path !== 'string' || !isAbsolute(path)) return null;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const length = Math.min(st.size, MAX_BYTES);
    const buf = Buffer.alloc(length);
    const got = readSync(fd, buf, 0, length, st.size - length);
    return buf.subarray(0, got).toString('utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
