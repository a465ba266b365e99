// What the model must have been told after the person edited its call before approving it (review/edit-notice.ts).
import { expect } from 'vitest';
import type { ScriptedModel } from '../model/server.js';

const HEAD = 'edited its arguments before approving it';

/** The model's requests after the call hold the edit's note, naming `field` and its new `value`, exactly once. */
export function expectToldOfEdit(model: ScriptedModel, field: string, value: string): void {
  const told = model.requests.filter((body) => body.includes(HEAD));
  expect(told.length, `no request told the model of the edit; tool results: ${model.toolResults.join(' | ')}`).toBeGreaterThan(0);
  const last = told.at(-1)!;
  expect(last).toContain(`${field} was changed to`);
  expect(last).toContain(value);
  expect(last.split(HEAD).length - 1, last).toBe(1);
}
