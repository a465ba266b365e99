// The hook's stdin and stdout without Node's stream machinery (loading it costs a few ms on every tool call): plain
// synchronous reads and writes of fds 0, 1 and 2, falling back to the streams only when the fd is non-blocking.
import { readSync, writeSync } from 'node:fs';

/** All of stdin as UTF-8, or null when it is larger than `max` bytes (read to the end either way) or unreadable. */
export async function readStdin(max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  };
  const buf = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EOF') break; // Windows: the pipe's writer closed it.
      if (code !== 'EAGAIN') return null;
      // A non-blocking stdin: read the rest as a stream.
      const rest = await new Promise<boolean>((resolve) => {
        process.stdin.on('data', keep);
        process.stdin.on('end', () => resolve(true));
        process.stdin.on('error', () => resolve(false));
      });
      if (!rest) return null;
      break;
    }
    if (n === 0) break;
    keep(Buffer.from(buf.subarray(0, n)));
  }
  return size > max ? null : Buffer.concat(chunks).toString('utf8');
}

/** Writes all of `text` to fd 1 or 2; resolves once it is handed to the OS. */
export async function writeAll(fd: 1 | 2, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      // A non-blocking pipe that is full: let the stream wait for the reader.
      const stream = fd === 1 ? process.stdout : process.stderr;
      await new Promise<void>((resolve) => stream.write(bytes.subarray(at), () => resolve()));
      return;
    }
  }
}
