// OpenAI Responses API as Codex 0.169 calls it: POST /v1/responses, answered as SSE.
import { asText, sendSse, type ProviderHandler } from './server.js';

/** The function_call_output items after the last function call, as text, or null. */
function trailingOutputs(input: Array<Record<string, unknown>>): string[] | null {
  const outputs: string[] = [];
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i]!;
    if (item['type'] === 'function_call_output' || item['type'] === 'custom_tool_call_output') outputs.unshift(asText(item['output']));
    else if (item['type'] !== 'function_call' && item['type'] !== 'reasoning') break;
  }
  return outputs.length ? outputs : null;
}

/** The OpenAI Responses protocol handler. */
export const openai: ProviderHandler = (req, body, res, state) => {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/v1/responses' || req.method !== 'POST') return false;
  const b = (body ?? {}) as { input?: Array<Record<string, unknown>>; tools?: Array<{ name?: string }> };
  const results = trailingOutputs(b.input ?? []);
  if (results) state.toolResults.push(...results);
  const offered = (b.tools ?? []).some((t) => t.name === state.call?.name);
  const id = `resp_${Date.now()}`;
  const item = !results && offered && state.call
    ? { type: 'function_call', id: `fc_${Date.now()}`, call_id: `call_${Date.now()}`, name: state.call.name, arguments: JSON.stringify(state.call.input) }
    : { type: 'message', id: `msg_${Date.now()}`, role: 'assistant', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] };
  sendSse(res, [
    { event: 'response.created', data: { type: 'response.created', response: { id } } },
    { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
    { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
    {
      event: 'response.completed',
      data: { type: 'response.completed', response: { id, usage: { input_tokens: 10, input_tokens_details: null, output_tokens: 5, output_tokens_details: null, total_tokens: 15 } } },
    },
  ]);
  return true;
};
