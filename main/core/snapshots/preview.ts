// The preview an undo shows first: one unified diff per restored file, from what is there now to what comes back.
import { createTwoFilesPatch } from 'diff';
import type { Restore } from './plan.js';
import type { Entry } from './trees.js';

/** One restored file as the person sees it before agreeing. */
export interface FilePreview {
  path: string;
  /** created: the call deleted it; deleted: the call created it; modified: content or mode. */
  change: 'created' | 'deleted' | 'modified';
  /** Unified diff from now to restored ('' for binary files or a mode-only change). */
  diff: string;
  binary: boolean;
  /** Set when the file's mode changes back (e.g. 100644 → 100755), else null. */
  mode: { now: string; restored: string } | null;
}

const MAX_PREVIEW_BYTES = 512 * 1024;

function text(entry: Entry | undefined, blobs: Map<string, Buffer>): string | null {
  if (!entry) return '';
  const bytes = blobs.get(entry.oid);
  if (!bytes || bytes.length > MAX_PREVIEW_BYTES || bytes.includes(0)) return null;
  return entry.mode === '120000' ? `symbolic link to ${bytes.toString('utf8')}\n` : bytes.toString('utf8');
}

/** Previews of each restore, with the bytes already read for it. */
export function previewRestores(restores: readonly Restore[], blobs: Map<string, Buffer>): FilePreview[] {
  return restores.map((r) => {
    const change = r.now === undefined ? 'created' : r.to === undefined ? 'deleted' : 'modified';
    const mode = r.now && r.to && r.now.mode !== r.to.mode ? { now: r.now.mode, restored: r.to.mode } : null;
    const from = text(r.now, blobs);
    const to = text(r.to, blobs);
    if (from === null || to === null) return { path: r.path, change, diff: '', binary: true, mode };
    const diff = createTwoFilesPatch(`a/${r.path}`, `b/${r.path}`, from, to, 'now', 'after undo');
    return { path: r.path, change, diff: diff.split('\n').slice(1).join('\n'), binary: false, mode };
  });
}
