// OpenAI Chat Completions as OpenAI-compatible clients call it (Copilot CLI, OpenCode, Qwen Code, Cline): POST
// …/chat/completions, answered as SSE chunks when `stream` is set and as one JSON object otherwise.
import { asText, sendJson, type ProviderHandler } from './server.js';

interface ChatMessage {
  role?: string;
  content?: unknown;
  tool_calls?: unknown[];
}

/** The tool messages after the last assistant message with tool calls, as text, or null. */
function trailingToolResults(messages: ChatMessage[]): string[] | null {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'tool') results.unshift(asText(m.content));
    else break;
  }
  return results.length ? results : null;
}

/** The name a chat tool entry offers (`{type:"function", function:{name}}`). */
function toolName(t: unknown): string | undefined {
  const f = (t as { function?: { name?: unknown } } | null)?.function;
  return typeof f?.name === 'string' ? f.name : undefined;
}

/** The OpenAI Chat Completions protocol handler (any base path ending in /chat/completions; /models lists one). */
export const chat: ProviderHandler = (req, body, res, state) => {
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (req.method === 'GET' && path.endsWith('/models')) {
    sendJson(res, { object: 'list', data: [{ id: 'scripted', object: 'model', created: 0, owned_by: 'gatehouse-tests' }] });
    return true;
  }
  if (req.method !== 'POST' || !path.endsWith('/chat/completions')) return false;
  const b = (body ?? {}) as { messages?: ChatMessage[]; tools?: unknown[]; stream?: boolean; model?: string };
  const results = trailingToolResults(b.messages ?? []);
  if (results) state.toolResults.push(...results);
  const offered = (b.tools ?? []).some((t) => toolName(t) === state.call?.name);
  const id = `chatcmpl_${Date.now()}`;
  const model = b.model ?? 'scripted';
  const call = !results && offered && state.call ? { id: `call_${Date.now()}`, type: 'function', function: { name: state.call.name, arguments: JSON.stringify(state.call.input) } } : null;
  const finish = call ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!b.stream) {
    const message = call ? { role: 'assistant', content: null, tool_calls: [call] } : { role: 'assistant', content: 'Done.' };
    sendJson(res, { id, object: 'chat.completion', created: 0, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return true;
  }
  const chunk = (delta: unknown, finish_reason: string | null, extra: Record<string, unknown> = {}) => ({
    data: { id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason }], ...extra },
  });
  const deltas = call ? [chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, ...call }] }, null)] : [chunk({ role: 'assistant', content: 'Done.' }, null)];
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of [...deltas, chunk({}, finish, { usage })]) res.write(`data: ${JSON.stringify(e.data)}\n\n`);
  res.end('data: [DONE]\n\n');
  return true;
};
