// The hook's fresh nonce, without loading node:crypto first (a few ms on every tool call): the kernel's random bytes.
import { closeSync, openSync, readSync } from 'node:fs';

/** 24 unpredictable bytes, base64url: from /dev/urandom, else from node:crypto (Windows, or no /dev). */
export function freshNonce(): string {
  const bytes = Buffer.alloc(24);
  try {
    const fd = openSync('/dev/urandom', 'r');
    try {
      if (readSync(fd, bytes, 0, bytes.length, null) === bytes.length) return bytes.toString('base64url');
    } finally {
      closeSync(fd);
    }
  } catch {
    // No /dev/urandom here.
  }
  return process.getBuiltinModule('node:crypto').randomBytes(24).toString('base64url');
}
