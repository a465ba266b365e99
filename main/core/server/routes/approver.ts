// Approver routes: the queue and decisions, rules, presets, session approvals and settings — the HTTP face of
// ApproverService, so web mode and the Electron IPC share one implementation.
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import {
  AgentConnectBody,
  AgentsQuery,
  DecisionBody,
  IdParams,
  ImportBody,
  ListRequestsQuery,
  NameParams,
  RuleBody,
  RulePatchBody,
  SettingsPatchBody,
} from '../schemas.js';

const P = { access: 'P' } as const;

/** Registers every approver route except audit and events. */
export function registerApproverRoutes(app: App, core: Core): void {
  const svc = core.approver;

  app.get('/v1/requests', { config: P, schema: { querystring: ListRequestsQuery } }, async () => svc.listPending());
  app.post('/v1/requests/:id/decision', { config: P, schema: { params: IdParams, body: DecisionBody } }, async (req) =>
    svc.decide(req.params.id, req.body),
  );
  app.get('/v1/requests/:id/review', { config: P, schema: { params: IdParams } }, async (req) => svc.getReview(req.params.id));
  app.get('/v1/requests/:id/suggest-rule', { config: P, schema: { params: IdParams } }, async (req) => svc.suggestRule(req.params.id));

  app.get('/v1/rules', { config: P }, async () => svc.listRules());
  app.post('/v1/rules', { config: P, schema: { body: RuleBody } }, async (req, reply) => reply.code(201).send(await svc.createRule(req.body)));
  app.patch('/v1/rules/:id', { config: P, schema: { params: IdParams, body: RulePatchBody } }, async (req) =>
    svc.updateRule(req.params.id, req.body),
  );
  app.delete('/v1/rules/:id', { config: P, schema: { params: IdParams } }, async (req, reply) => {
    await svc.deleteRule(req.params.id);
    return reply.code(204).send();
  });
  app.get('/v1/rule-suggestions', { config: P }, async () => svc.repeatSuggestions());
  app.post('/v1/rules/what-if', { config: P, schema: { body: RuleBody } }, async (req) => svc.whatIf(req.body));
  app.post('/v1/rules/import', { config: P, schema: { body: ImportBody } }, async (req) => svc.importClaudeSettings(req.body.json));
  app.get('/v1/rules/export', { config: P }, async () => svc.exportRules());

  app.get('/v1/presets', { config: P }, async () => svc.listPresets());
  app.post('/v1/presets/:name/apply', { config: P, schema: { params: NameParams } }, async (req) => svc.applyPreset(req.params.name));

  app.get('/v1/session-approvals', { config: P }, async () => svc.listSessionApprovals());
  app.delete('/v1/session-approvals/:id', { config: P, schema: { params: IdParams } }, async (req, reply) => {
    await svc.revokeSessionApproval(req.params.id);
    return reply.code(204).send();
  });

  app.get('/v1/agents', { config: P, schema: { querystring: AgentsQuery } }, async (req) => svc.listAgents(req.query.project ?? null));
  app.post('/v1/agents/connect', { config: P, schema: { body: AgentConnectBody } }, async (req) => svc.connectAgent(req.body));

  app.get('/v1/settings', { config: P }, async () => svc.getSettings());
  app.get('/v1/sandbox', { config: P }, async () => svc.sandboxStatus());
  app.patch('/v1/settings', { config: P, schema: { body: SettingsPatchBody } }, async (req) => svc.updateSettings(req.body));
}
