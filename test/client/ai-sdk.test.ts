// The Vercel AI SDK (v7, its own MockLanguageModelV4) with tools gated by Gatehouse through aiSdkGate, against a real
// Gatehouse: a rule-allowed call runs without asking, a held call runs once the person approves in Gatehouse, a
// denied one does not run and the model reads the reason, and a Gatehouse that is not there lets nothing run.
import { generateText, tool, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RequestRecord } from '../../common/domain.js';
import { GatehouseClient } from '../../main/core/client/client.js';
import { aiSdkGate } from '../../main/core/client/adapters/ai-sdk.js';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { nextEvent, startGatehouse, tempDir, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
const ran: string[] = [];
beforeEach(async () => {
  g = await startGatehouse();
  writeEndpoint(g.home, g.server.endpoint);
  ran.length = 0;
});
afterEach(() => g.close());

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A model that calls deploy({env}) first, then answers with text; it records every prompt it was given. */
function scriptedModel(env: string) {
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const sawResult = options.prompt.some((m) => m.role === 'tool');
      return sawResult
        ? { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
        : { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'deploy', input: JSON.stringify({ env }) }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] };
    },
  });
}

/** One agent turn: generateText until it stops or asks for approvals; each approval answered through Gatehouse. */
async function turn(gate: ReturnType<typeof aiSdkGate>, model: MockLanguageModelV4, decide?: (r: RequestRecord) => Promise<void>) {
  const tools = { deploy: tool({ description: 'Deploy', inputSchema: z.object({ env: z.string() }), needsApproval: gate.needsApproval('deploy'), execute: async ({ env }) => (ran.push(env), `deployed ${env}`) }) };
  const messages: ModelMessage[] = [{ role: 'user', content: 'deploy it' }];
  const pending = decide ? nextEvent(g.core, 'request_pending') : null;
  let result = await generateText({ model, tools, messages });
  const requests = result.content.filter((p) => p.type === 'tool-approval-request');
  if (requests.length === 0) return { result, model };
  if (pending && decide) void pending.then((e) => decide(e.record));
  const responses = await Promise.all(requests.map((p) => gate.respond(p)));
  messages.push(...result.response.messages, { role: 'tool', content: responses });
  result = await generateText({ model, tools, messages });
  return { result, model, responses };
}

const promptText = (model: MockLanguageModelV4) => JSON.stringify(model.doGenerateCalls.at(-1)?.prompt ?? []);

describe('aiSdkGate (Vercel AI SDK)', () => {
  it('a rule-allowed call runs at once, without an approval request', async () => {
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'deploy' });
    const { result } = await turn(aiSdkGate({ client: new GatehouseClient({ home: g.home }) }), scriptedModel('staging'));
    expect(ran).toEqual(['staging']);
    expect(result.content.some((p) => p.type === 'tool-approval-request')).toBe(false);
  });

  it('a held call runs once the person approves it in Gatehouse', async () => {
    const { responses } = await turn(aiSdkGate({ client: new GatehouseClient({ home: g.home }), sessionId: 's1' }), scriptedModel('prod'), async (r) => {
      expect(r.request).toMatchObject({ tool_name: 'deploy', agent: 'ai-sdk', session_id: 's1', args: { env: 'prod' } });
      await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: true });
    });
    expect(responses).toMatchObject([{ approved: true }]);
    expect(ran).toEqual(['prod']);
  });

  it('a denied call does not run, and the model reads the person\'s reason', async () => {
    const model = scriptedModel('prod');
    await turn(aiSdkGate({ client: new GatehouseClient({ home: g.home }) }), model, async (r) => {
      await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: false, reason: 'not on a Friday' });
    });
    expect(ran).toEqual([]);
    expect(promptText(model)).toContain('not on a Friday');
  });

  it('an approval with edited arguments is refused (this SDK cannot run them), saying so', async () => {
    const { responses } = await turn(aiSdkGate({ client: new GatehouseClient({ home: g.home }) }), scriptedModel('prod'), async (r) => {
      await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: true, updated_args: { env: 'staging' } });
    });
    expect(responses).toMatchObject([{ approved: false, reason: expect.stringContaining('different arguments') }]);
    expect(ran).toEqual([]);
  });

  it('with Gatehouse gone, nothing runs and the model hears why', async () => {
    const client = new GatehouseClient({ home: g.home });
    await g.close();
    const model = scriptedModel('prod');
    const { responses } = await turn(aiSdkGate({ client }), model);
    expect(ran).toEqual([]);
    expect(responses).toMatchObject([{ approved: false, reason: expect.stringContaining('cannot reach Gatehouse') }]);
  });

  it('an answer not signed by the instance in endpoint.json is not believed', async () => {
    const other = await startGatehouse({ home: tempDir('gatehouse-other-') });
    try {
      await other.approver('POST', '/v1/rules', { action: 'allow', pattern: 'deploy' });
      // endpoint.json names the other server's URL and token, but this instance's key: its answers do not verify.
      const client = new GatehouseClient({ url: other.server.url, token: other.agentToken, key: g.server.publicKey });
      const { responses } = await turn(aiSdkGate({ client }), scriptedModel('prod'));
      expect(ran).toEqual([]);
      expect(responses).toMatchObject([{ approved: false, reason: expect.stringContaining('not the Gatehouse') }]);
    } finally {
      await other.close();
    }
  });
});
