// Gemini API as Gemini CLI 0.61 calls it: :generateContent (its routing classifier) and :streamGenerateContent?alt=sse.
import { asText, sendJson, sendSse, type ProviderHandler } from './server.js';

interface Content {
  role?: string;
  parts?: Array<Record<string, unknown>>;
}

/** The function responses in the last content, as text, or null when it holds none. */
function lastFunctionResponses(contents: Content[]): string[] | null {
  const parts = contents[contents.length - 1]?.parts ?? [];
  const responses = parts.filter((p) => p['functionResponse'] !== undefined);
  return responses.length ? responses.map((p) => asText((p['functionResponse'] as { response?: unknown }).response)) : null;
}

const usage = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
const candidate = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: usage });

/** The Gemini protocol handler. */
export const gemini: ProviderHandler = (req, body, res, state) => {
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (req.method !== 'POST') return false;
  if (path.endsWith(':countTokens')) {
    sendJson(res, { totalTokens: 10 });
    return true;
  }
  if (path.endsWith(':generateContent')) {
    // Side questions (model routing, next speaker): a JSON answer that keeps the run simple.
    sendJson(res, candidate([{ text: JSON.stringify({ complexity_reasoning: 'simple', complexity_score: 1, reasoning: 'done', next_speaker: 'user' }) }]));
    return true;
  }
  if (!path.endsWith(':streamGenerateContent')) return false;
  const b = (body ?? {}) as { contents?: Content[]; tools?: Array<{ functionDeclarations?: Array<{ name?: string }> }> };
  const results = lastFunctionResponses(b.contents ?? []);
  if (results) state.toolResults.push(...results);
  const offered = (b.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).some((f) => f.name === state.call?.name);
  const parts = !results && offered && state.call ? [{ functionCall: { name: state.call.name, args: state.call.input } }] : [{ text: 'Done.' }];
  sendSse(res, [{ data: candidate(parts) }]);
  return true;
};
