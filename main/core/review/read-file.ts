// Reads the one file a request names, for the review diff: capped, text only, never following a directory.
import { readFile, stat } from 'node:fs/promises';

/** Larger files are not shown: the diff would be unusable and the window slow. */
export const MAX_REVIEW_BYTES = 5 * 1024 * 1024;

/** The file's text, `missing` when it does not exist, or a problem a person can read. */
export type FileText = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'problem'; problem: string };

/** Reads a file for review. */
export async function readForReview(path: string): Promise<FileText> {
  let size: number;
  try {
    const st = await stat(path);
    if (!st.isFile()) return { kind: 'problem', problem: `${path} is not a regular file` };
    size = st.size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'problem', problem: `cannot read ${path}: ${(err as Error).message}` };
  }
  if (size > MAX_REVIEW_BYTES) return { kind: 'problem', problem: `${path} is too large to show (${Math.round(size / 1024 / 1024)} MB)` };
  try {
    const text = await readFile(path, 'utf8');
    if (text.includes('\0')) return { kind: 'problem', problem: `${path} is a binary file` };
    return { kind: 'text', text };
  } catch (err) {
    return { kind: 'problem', problem: `cannot read ${path}: ${(err as Error).message}` };
  }
}
