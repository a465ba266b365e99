// The store refuses malformed rule patterns with the policy's own parser, so no path can save a rule the policy cannot read.
import { parseRulePattern } from '../policy/rules/pattern.js';
import { StoreInputError } from './types.js';

/** Throws StoreInputError (HTTP 400) with the parser's one-line fix when a pattern is not a valid rule. */
export function validateRulePattern(pattern: string): void {
  try {
    parseRulePattern(pattern);
  } catch (err) {
    throw new StoreInputError((err as Error).message);
  }
}
