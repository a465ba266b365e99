// A rule ready to match: its pattern parsed once. Held by the rule book (rule-match) and its indexes (shell-index).
import type { Rule } from '../../../../common/domain.js';
import type { ParsedPattern } from './pattern.js';

/** A rule with its parsed pattern. */
export interface LiveRule {
  rule: Rule;
  parsed: ParsedPattern;
}
