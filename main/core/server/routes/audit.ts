// Audit routes (approver): query with filters + full text + cursor, one entry, dashboard stats, streamed export.
import { PassThrough } from 'node:stream';
import type { AuditFilter } from '../../../../common/domain.js';
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import { AuditQuery, ExportQuery, IdParams } from '../schemas.js';

const P = { access: 'P' } as const;
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

/** Registers GET /v1/audit, /v1/audit/stats, /v1/audit/export and /v1/audit/:id. */
export function registerAuditRoutes(app: App, core: Core): void {
  const svc = core.approver;
  // Entries come with their undo state and whether the agent ran them (the approver service adds both).
  app.get('/v1/audit', { config: P, schema: { querystring: AuditQuery } }, async (req) => svc.queryAudit(req.query as AuditFilter));
  app.get('/v1/audit/stats', { config: P, schema: { querystring: AuditQuery } }, async (req) => svc.auditStats(req.query as AuditFilter));
  app.get('/v1/audit/:id', { config: P, schema: { params: IdParams } }, async (req) => svc.getAuditEntry(req.params.id));

  app.get('/v1/audit/export', { config: P, schema: { querystring: ExportQuery } }, async (req, reply) => {
    const { format, ...filter } = req.query;
    // The filter is checked before the download starts: once headers are out, a bad filter could only cut the stream.
    await svc.queryAudit({ ...(filter as AuditFilter), limit: 1 });
    const body = new PassThrough();
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    void reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="gatehouse-audit-${stamp}.${format}"`);
    // Rows stream as they are read (bounded memory); a failure half-way cuts the download rather than faking an end.
    core.exportAudit(filter as AuditFilter, format, body).then(
      () => body.end(),
      (err: unknown) => body.destroy(err as Error),
    );
    return reply.send(body);
  });
}
