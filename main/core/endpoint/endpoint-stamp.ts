// Whether endpoint.json changed since it was last read, for callers that read it on every request: a stat costs less
// than a read and a JSON parse, and a restart always shows (the file is replaced by a rename: a new inode).
import { statSync } from 'node:fs';
import { endpointPath } from './endpoint.js';

/** endpoint.json's identity and version (inode, size, change times), or undefined when there is none to read. */
export function endpointStamp(home: string): string | undefined {
  try {
    const st = statSync(endpointPath(home), { throwIfNoEntry: false, bigint: true });
    return st === undefined ? undefined : `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return undefined; // an unreadable home: no endpoint to use
  }
}
