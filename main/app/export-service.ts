// "Export audit" in the desktop app: the person picks a file in a save dialog, the store's streaming exporter
// writes it (bounded memory), progress flows back to the renderer. A failed or cancelled export leaves no
// half-written file and never replaces an existing one with a fragment.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '../../common/api.js';
import type { AuditFilter } from '../../common/domain.js';
import type { AuditExporter } from './core-port.js';

/** The part of Electron's dialog.showSaveDialog the service uses. */
export type SaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: Array<{ name: string; extensions: string[] }>;
}) => Promise<{ canceled: boolean; filePath?: string | undefined }>;

/** What the export service is wired to. */
export interface ExportServiceDeps {
  showSaveDialog: SaveDialog;
  exporter: AuditExporter;
  now?: () => Date;
  /** Rows between two progress reports. */
  progressEvery?: number;
}

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', json: 'JSON', ndjson: 'NDJSON (one JSON object per line)' };

/** Error for an export the person cancelled in the dialog. */
export class ExportCancelledError extends Error {
  constructor() {
    super('export cancelled');
  }
}

/** Builds the `exportAudit` verb of the desktop app. */
export function createAuditExport(deps: ExportServiceDeps) {
  const every = deps.progressEvery ?? 1_000;
  return async (filter: AuditFilter, format: ExportFormat, onProgress: (rows: number) => void): Promise<{ rows: number }> => {
    const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const choice = await deps.showSaveDialog({
      title: 'Export audit log',
      defaultPath: `gatehouse-audit-${day}.${format}`,
      filters: [{ name: FORMAT_NAMES[format], extensions: [format] }],
    });
    if (choice.canceled || !choice.filePath) throw new ExportCancelledError();
    const target = choice.filePath;
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;

    // The exporter writes about one chunk per row: counting chunks gives a progress estimate without parsing.
    let chunks = 0;
    const counter = new PassThrough();
    counter.on('data', () => {
      chunks += 1;
      if (chunks % every === 0) onProgress(chunks);
    });
    const written = pipeline(counter, createWriteStream(partial, { mode: 0o600 }));
    try {
      const rows = await deps.exporter(filter, format, counter);
      if (!counter.writableEnded) counter.end();
      await written;
      await rename(partial, target);
      onProgress(rows);
      return { rows };
    } catch (err) {
      counter.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
      throw err;
    }
  };
}
