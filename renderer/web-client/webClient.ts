// GatehouseApi over HTTP + SSE for web mode (`gatehouse serve`): the same verbs the Electron preload offers,
// on the routes of DESIGN.md "Interfaces" and the server's renderer routes. Auth is the session cookie.
import type { GatehouseApi, GatehouseEvent, Result } from '../../common/api.js';
import type { RequestRecord } from '../../common/domain.js';
import { downloadExport } from './download.js';
import { connectionBack, connectionLost } from '../store/connection.js';
import { createEventHub } from './events.js';
import { call, queryString } from './http.js';

const enc = encodeURIComponent;

/** A list route may answer with a bare array or wrap it; both read as the array. */
async function list<T>(path: string, key: string): Promise<Result<T[]>> {
  const result = await call<T[] | Record<string, T[]>>('GET', path);
  if (!result.ok) return result;
  const value = Array.isArray(result.value) ? result.value : result.value?.[key];
  return Array.isArray(value) ? { ok: true, value } : { ok: false, error: `Gatehouse sent an unexpected answer to GET ${path}` };
}

/** Builds the web client; `base` is the server origin ('' = the page's own). */
export function createWebClient(base = ''): GatehouseApi {
  // Ids the page has seen pending, so a dropped event stream can be reconciled when it comes back.
  const knownPending = new Set<string>();
  const listPending = async (): Promise<Result<RequestRecord[]>> => {
    const result = await list<RequestRecord>(`${base}/v1/requests?status=pending`, 'requests');
    if (result.ok) for (const r of result.value) knownPending.add(r.request.id);
    return result;
  };
  const getRequest = (id: string) => call<RequestRecord>('GET', `${base}/v1/requests/${enc(id)}`);

  const hub = createEventHub(`${base}/v1/events`, async (emit) => {
    const fresh = await listPending();
    if (!fresh.ok) return;
    const still = new Set(fresh.value.map((r) => r.request.id));
    for (const id of [...knownPending].filter((x) => !still.has(x))) {
      const gone = await getRequest(id);
      if (gone.ok) emit({ type: 'request_decided', record: gone.value });
    }
    for (const record of fresh.value) emit({ type: 'request_pending', record });
    emit({ type: 'rule_changed' });
  }, (up) => (up ? connectionBack() : connectionLost()));
  const track = (event: GatehouseEvent): void => {
    if (event.type === 'request_pending') knownPending.add(event.record.request.id);
    if (event.type === 'request_decided') knownPending.delete(event.record.request.id);
  };
  hub.subscribe(track); // lives as long as the page

  return {
    listPending,
    getRequest,
    getReview: (id) => call('GET', `${base}/v1/requests/${enc(id)}/review`),
    suggestRule: (id) => call('GET', `${base}/v1/requests/${enc(id)}/suggest-rule`),
    repeatSuggestions: () => call('GET', `${base}/v1/rule-suggestions`),
    decide: (id, input) => call('POST', `${base}/v1/requests/${enc(id)}/decision`, input),

    listRules: () => list(`${base}/v1/rules`, 'rules'),
    createRule: (input) => call('POST', `${base}/v1/rules`, input),
    updateRule: (id, patch) => call('PATCH', `${base}/v1/rules/${enc(id)}`, patch),
    deleteRule: async (id) => {
      const result = await call<unknown>('DELETE', `${base}/v1/rules/${enc(id)}`);
      return result.ok ? { ok: true, value: null } : result;
    },
    whatIf: (input) => call('POST', `${base}/v1/rules/what-if`, input),
    importClaudeSettings: (json) => call('POST', `${base}/v1/rules/import`, { json }),
    exportRules: () => call('GET', `${base}/v1/rules/export`),
    listPresets: () => list(`${base}/v1/presets`, 'presets'),
    applyPreset: (name) => call('POST', `${base}/v1/presets/${enc(name)}/apply`),

    listSessionApprovals: () => list(`${base}/v1/session-approvals`, 'approvals'),
    revokeSessionApproval: async (id) => {
      const result = await call<unknown>('DELETE', `${base}/v1/session-approvals/${enc(id)}`);
      return result.ok ? { ok: true, value: null } : result;
    },

    listAgents: (project) => list(`${base}/v1/agents${project === null ? '' : `?project=${enc(project)}`}`, 'agents'),
    connectAgent: (input) => call('POST', `${base}/v1/agents/connect`, input),

    getSettings: () => call('GET', `${base}/v1/settings`),
    updateSettings: (patch) => call('PATCH', `${base}/v1/settings`, patch),
    sandboxStatus: () => call('GET', `${base}/v1/sandbox`),

    queryAudit: (filter) => call('GET', `${base}/v1/audit${queryString(filter)}`),
    getAuditEntry: (id) => call('GET', `${base}/v1/audit/${enc(id)}`),
    auditStats: (filter) => call('GET', `${base}/v1/audit/stats${queryString(filter)}`),
    exportAudit: (filter, format, onProgress) =>
      downloadExport(`${base}/v1/audit/export${queryString({ ...filter, format })}`, format, onProgress),

    undo: (id, opts) => call('POST', `${base}/v1/undo/${enc(id)}`, opts),
    undoSession: (sessionId, opts) => call('POST', `${base}/v1/undo/session/${enc(sessionId)}`, opts),

    subscribe: (listener) => hub.subscribe(listener),
  };
}
