// Agent routes (agent token): submit a tool call and wait, read one request, and one hook endpoint per agent.
import type { FastifyReply } from 'fastify';
import type { RequestRecord } from '../../../../common/domain.js';
import type { Core } from '../../core.js';
import type { App } from '../app.js';
import type { InstanceKey } from '../../endpoint/instance-key.js';
import { HOOK_TRANSLATORS } from '../../agents/translators.js';
import { HookEventBody, IdParams, SessionEndBody, SubmitBody, WaitQuery } from '../schemas.js';
import { hookDecision, hookRan, isAfterEvent } from './hook-event.js';
import { sendSigned } from './signed.js';

/** Longest `?wait=` honoured. */
export const MAX_WAIT_SECONDS = 600;

/** What an agent gets back for a request. */
function agentView(record: RequestRecord) {
  return {
    id: record.request.id,
    status: record.status,
    verdict: record.verdict,
    ...(record.decision ? { decision: record.decision } : {}),
    ...(record.expires_at ? { expires_at: record.expires_at } : {}),
  };
}

/** Aborts when the client hangs up before the answer is written (the agent stopped waiting). */
export function hangupSignal(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}

/** Registers POST /v1/requests, GET /v1/requests/:id, GET /v1/instance and POST /v1/hooks/<agent> (claude-code, gemini, codex). */
export function registerAgentRoutes(app: App, core: Core, key: InstanceKey): void {
  app.post('/v1/requests', { config: { access: 'A' }, schema: { body: SubmitBody, querystring: WaitQuery } }, async (req, reply) => {
    const wait = Math.min(req.query.wait ?? 0, MAX_WAIT_SECONDS);
    // Only a call that waits needs to know when its agent hangs up (an AbortController per request costs ~10 µs).
    const record = await core.submit(req.body, wait > 0 ? { wait, signal: hangupSignal(reply) } : {});
    return sendSigned(req, reply, key, agentView(record));
  });

  // The approver (web UI) gets the whole record, as listPending does; an agent gets only its answer.
  // With ?wait=S, several agents (or one agent after a reconnect) can wait on the same request.
  app.get('/v1/requests/:id', { config: { access: 'A' }, schema: { params: IdParams, querystring: WaitQuery } }, async (req, reply) => {
    let record = core.getRequest(req.params.id);
    const wait = Math.min(req.query.wait ?? 0, MAX_WAIT_SECONDS);
    // Through waitFor even when decided: an approved call that can write gets its before-snapshot before it is told.
    if (record.status !== 'pending' || wait > 0) record = await core.waitFor(record.request.id, record.status === 'pending' ? wait : 0, hangupSignal(reply));
    return sendSigned(req, reply, key, req.caller === 'approver' ? record : agentView(record));
  });

  // An agent may take back what it asked (an MCP call cancelled while held): it can only end a request, never approve one.
  app.post('/v1/requests/:id/withdraw', { config: { access: 'A' }, schema: { params: IdParams } }, async (req, reply) => {
    core.cancel(req.params.id, 'the agent withdrew the call');
    return sendSigned(req, reply, key, agentView(core.getRequest(req.params.id)));
  });

  // Lets a hook (or `gatehouse doctor`) check that this is the instance named in endpoint.json, without a request.
  app.get('/v1/instance', { config: { access: 'A' } }, async (req, reply) => {
    return sendSigned(req, reply, key, { ok: true, pid: process.pid });
  });

  for (const agent of HOOK_TRANSLATORS) {
    // The session ended: its calls that never reported back are known not to have run (when nothing changed).
    app.post(`/v1/hooks/${agent.cli}/session-end`, { config: { access: 'A' }, schema: { body: SessionEndBody } }, async (req, reply) => {
      await core.sessionEnded(agent.kind, req.body.session_id, req.body.transcript_path);
      return sendSigned(req, reply, key, {});
    });
    app.post(`/v1/hooks/${agent.cli}`, { config: { access: 'A' }, schema: { body: HookEventBody } }, async (req, reply) => {
      if (isAfterEvent(agent, req.body)) {
        // The agent gets no decision to act on: at most a note for the model (the person edited the call).
        return sendSigned(req, reply, key, await hookRan(core, agent, req.body));
      }
      // Signed over the hook's nonce, so the hook can tell this instance from a program on a stale port.
      return sendSigned(req, reply, key, await hookDecision(core, agent, req.body, hangupSignal(reply)));
    });
  }
}

/** The answer of the agent routes (POST /v1/requests, GET /v1/requests/:id), as clients type it. */
export type AgentAnswer = ReturnType<typeof agentView>;
