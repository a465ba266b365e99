// Audit export in web mode: stream the server's file, count rows as they arrive, then hand it to the browser.
import type { ExportFormat, Result } from '../../common/api.js';
import { authHeaders } from './session.js';

/** Rows in an export body: lines (minus the CSV header), or array items for JSON. */
export function countRows(format: ExportFormat, lines: number, text?: string): number {
  if (format === 'json') {
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed) ? parsed.length : 0;
  }
  return format === 'csv' ? Math.max(0, lines - 1) : lines;
}

/** Downloads `url` to a file named by the server, reporting progress as rows (lines) received. */
export async function downloadExport(url: string, format: ExportFormat, onProgress?: (rows: number) => void): Promise<Result<{ rows: number }>> {
  try {
    const response = await fetch(url, { credentials: 'omit', headers: authHeaders() });
    if (!response.ok || !response.body) {
      const body = await response.text().catch(() => '');
      const error = /"error"\s*:\s*"([^"]*)"/.exec(body)?.[1];
      return { ok: false, error: error ?? `Export failed with HTTP ${response.status}` };
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 0x0a) lines++;
      onProgress?.(format === 'json' ? lines : countRows(format, lines));
    }
    const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
    const rows = format === 'json' ? countRows(format, lines, await blob.text()) : countRows(format, lines + (chunks.length && !endsWithNewline(chunks) ? 1 : 0));
    const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `gatehouse-audit.${format}`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    onProgress?.(rows);
    return { ok: true, value: { rows } };
  } catch (err) {
    return { ok: false, error: `Export failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

const endsWithNewline = (chunks: Uint8Array[]): boolean => {
  const last = chunks[chunks.length - 1];
  return !!last && last[last.length - 1] === 0x0a;
};
