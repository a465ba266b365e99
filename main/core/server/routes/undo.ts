// Undo routes (approver only): where a call's undo stands, its preview, and applying it — for History's Undo button
// and `gatehouse undo`. An agent token gets 403: an agent may not take back what the person let stand.
import { NotFoundError } from '../../broker/errors.js';
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import { IdParams, UndoBody } from '../schemas.js';

const P = { access: 'P' } as const;

/** Registers GET /v1/undo/:id, POST /v1/undo/:id and POST /v1/undo/session/:id. */
export function registerUndoRoutes(app: App, core: Core): void {
  app.get('/v1/undo/:id', { config: P, schema: { params: IdParams } }, async (req) => {
    const status = core.snapshots.status(req.params.id);
    if (!status) throw new NotFoundError(`no undo for ${req.params.id}: Gatehouse took no snapshot of it (it could not change files, or was not approved)`);
    return status;
  });
  app.post('/v1/undo/:id', { config: P, schema: { params: IdParams, body: UndoBody } }, async (req) => core.approver.undo(req.params.id, req.body));
  app.post('/v1/undo/session/:id', { config: P, schema: { params: IdParams, body: UndoBody } }, async (req) =>
    core.approver.undoSession(req.params.id, req.body),
  );
}
