// The payload fingerprint behind "approve for session": the same tool call always gives the same string.
import { canonicalJson } from '../../store/canonical.js';
import { toolFamily } from '../request/tools.js';

/**
 * Canonical JSON (sorted keys) of the tool name and arguments. A shell call's `description` is left
 * out: it is prose for the person and varies between otherwise identical calls.
 */
export function payloadFingerprint(toolName: string, args: Record<string, unknown>): string {
  let a: Record<string, unknown> = args;
  if (toolFamily(toolName) === 'shell' && args !== null && typeof args === 'object' && 'description' in args) {
    const { description: _prose, ...rest } = args;
    a = rest;
  }
  return canonicalJson({ args: a, tool: toolName });
}
