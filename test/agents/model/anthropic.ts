// Anthropic Messages API, as Claude Code 2.1.x calls it: POST /v1/messages (SSE when stream:true), count_tokens.
import { asText, sendJson, sendSse, type ProviderHandler } from './server.js';

interface Message {
  role: string;
  content: unknown;
}

/**
 * The tool results in the messages after the last assistant message, as text, or null when they hold none. Not only
 * the last message: Claude Code 2.1.331 sends a PostToolUse hook's additionalContext as a message of its own (role
 * "system") after the tool_result, and a model that saw no result there would ask for the same tool again.
 */
function lastToolResults(messages: Message[]): string[] | null {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role !== 'assistant'; i--) {
    const content = messages[i]!.content;
    if (!Array.isArray(content)) continue;
    const blocks = (content as Array<Record<string, unknown>>).filter((b) => b['type'] === 'tool_result');
    results.unshift(...blocks.map((b) => asText(b['content'])));
  }
  return results.length ? results : null;
}

/** One content block as the SSE events that stream it. */
function blockEvents(block: Record<string, unknown>, delta: Record<string, unknown>) {
  return [
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
  ];
}

/** The Anthropic protocol handler. */
export const anthropic: ProviderHandler = (req, body, res, state) => {
  const path = (req.url ?? '').split('?')[0];
  if (path === '/v1/messages/count_tokens') {
    sendJson(res, { input_tokens: 10 });
    return true;
  }
  if (path !== '/v1/messages' || req.method !== 'POST') return false;
  const b = (body ?? {}) as { messages?: Message[]; tools?: Array<{ name?: string }>; stream?: boolean; model?: string };
  const messages = b.messages ?? [];
  const results = lastToolResults(messages);
  if (results) state.toolResults.push(...results);
  state.seen.push(`tools: ${(b.tools ?? []).map((t) => t.name).join(' ')}`);
  const offersTool = state.call !== null && (b.tools ?? []).some((t) => t.name === state.call?.name);
  const useTool = !results && offersTool && state.call !== null;
  const content = useTool
    ? { type: 'tool_use', id: `toolu_${Date.now()}`, name: state.call!.name, input: state.call!.input }
    : { type: 'text', text: 'Done.' };
  const stopReason = useTool ? 'tool_use' : 'end_turn';
  const message = { id: `msg_${Date.now()}`, type: 'message', role: 'assistant', model: b.model ?? 'claude-mock', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } };
  if (!b.stream) {
    sendJson(res, { ...message, content: [content], stop_reason: stopReason });
    return true;
  }
  const block = useTool ? { ...content, input: {} } : { type: 'text', text: '' };
  const delta = useTool ? { type: 'input_json_delta', partial_json: JSON.stringify(state.call!.input) } : { type: 'text_delta', text: 'Done.' };
  sendSse(res, [
    { event: 'message_start', data: { type: 'message_start', message: { ...message, content: [], stop_reason: null } } },
    ...blockEvents(block, delta),
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
  return true;
};
