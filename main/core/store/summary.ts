// The one-line summary of a request (command, path or URL) that the history list shows and full-text search indexes.
import { describeArgs } from '../../../common/summary.js';

/** Longest summary kept; the full (redacted) args are stored beside it. */
export const SUMMARY_MAX = 1000;

/** Collapses a request's (already redacted) args into one readable line. */
export function summarize(toolName: string, args: Record<string, unknown>): string {
  const line = (describeArgs(toolName, args) ?? JSON.stringify(args)).replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}
