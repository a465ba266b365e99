// The OpenAI Agents SDK (its own Agent, run loop, tool() and RunState; a scripted Model in place of the API) with a
// tool gated by Gatehouse through openAiAgentsGate, against a real Gatehouse: a rule-allowed call runs at once, a held
// call interrupts the run and runs after the person approves, a denied one is rejected with the reason the model reads.
import { Agent, run, setTracingDisabled, tool, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RequestRecord } from '../../common/domain.js';
import { GatehouseClient } from '../../main/core/client/client.js';
import { openAiAgentsGate } from '../../main/core/client/adapters/openai-agents.js';
import { writeEndpoint } from '../../main/core/endpoint/endpoint.js';
import { nextEvent, startGatehouse, type TestGatehouse } from '../core/server/helpers.js';

let g: TestGatehouse;
const ran: string[] = [];
beforeAll(() => setTracingDisabled(true));
beforeEach(async () => {
  g = await startGatehouse();
  writeEndpoint(g.home, g.server.endpoint);
  ran.length = 0;
});
afterEach(() => g.close());

/** Calls deploy({env}) first; once a tool output is in its input, answers with text. Records every input it saw. */
class ScriptedModel implements Model {
  readonly inputs: unknown[] = [];
  constructor(private readonly env: string) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.inputs.push(request.input);
    const answered = Array.isArray(request.input) && request.input.some((i) => (i as { type?: string }).type === 'function_call_result');
    return {
      usage: new Usage(),
      output: answered
        ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }]
        : [{ type: 'function_call', callId: 'call-1', name: 'deploy', arguments: JSON.stringify({ env: this.env }), status: 'completed' }],
    };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not streamed in these tests');
  }
}

/** Runs the agent; resolves its interruptions through Gatehouse (with `decide` acting as the person) and resumes. */
async function session(env: string, decide?: (r: RequestRecord) => Promise<void>, client = new GatehouseClient({ home: g.home })) {
  const gate = openAiAgentsGate({ client, sessionId: 'run-1' });
  const deploy = tool({ name: 'deploy', description: 'Deploy', parameters: z.object({ env: z.string() }), needsApproval: gate.needsApproval('deploy'), execute: async ({ env: e }) => (ran.push(e), `deployed ${e}`) });
  const model = new ScriptedModel(env);
  const agent = new Agent({ name: 'ops', instructions: 'Deploy when asked.', model, tools: [deploy] });
  const pending = decide ? nextEvent(g.core, 'request_pending') : null;
  let result = await run(agent, 'deploy it');
  const interrupted = result.interruptions.length;
  if (interrupted > 0) {
    if (pending && decide) void pending.then((e) => decide(e.record));
    result = await run(agent, await gate.resolve(result));
  }
  return { result, model, interrupted };
}

describe('openAiAgentsGate (OpenAI Agents SDK)', () => {
  it('a rule-allowed call runs at once, without interrupting the run', async () => {
    await g.approver('POST', '/v1/rules', { action: 'allow', pattern: 'deploy' });
    const { result, interrupted } = await session('staging');
    expect(interrupted).toBe(0);
    expect(ran).toEqual(['staging']);
    expect(result.finalOutput).toBe('done');
  });

  it('a held call interrupts the run and runs after the person approves in Gatehouse', async () => {
    const { result, interrupted } = await session('prod', async (r) => {
      expect(r.request).toMatchObject({ tool_name: 'deploy', agent: 'openai-agents', session_id: 'run-1', args: { env: 'prod' } });
      await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: true });
    });
    expect(interrupted).toBe(1);
    expect(ran).toEqual(['prod']);
    expect(result.finalOutput).toBe('done');
  });

  it('a denied call is rejected: it does not run and the model reads the reason', async () => {
    const { model } = await session('prod', async (r) => {
      await g.approver('POST', `/v1/requests/${r.request.id}/decision`, { approved: false, reason: 'freeze until Monday' });
    });
    expect(ran).toEqual([]);
    expect(JSON.stringify(model.inputs.at(-1))).toContain('freeze until Monday');
  });

  it('with Gatehouse gone, the call is rejected with why', async () => {
    const client = new GatehouseClient({ home: g.home });
    await g.close();
    const { model } = await session('prod', undefined, client);
    expect(ran).toEqual([]);
    expect(JSON.stringify(model.inputs.at(-1))).toContain('cannot reach Gatehouse');
  });
});
