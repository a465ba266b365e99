// Bounds on what waits for the person. An agent can flood the queue (41 pending 8 MiB Writes once took the server to
// 1.8 GB and broke the listing): Gatehouse holds a bounded number and size of pending requests, ends the rest at once
// without a decision (the agent falls back to its own prompt: never an allow), and lists large arguments cut short.
import type { RequestRecord } from '../../../common/domain.js';

/** Most requests that may wait at once. */
export const MAX_PENDING = 500;
/** Most argument bytes that may wait at once (the originals are kept in memory for the review and updatedInput). */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Strings longer than this are cut in listings and events; the request itself, its review and its id route keep them. */
export const LISTED_STRING_LIMIT = 64 * 1024;

/** The size a pending request's arguments take, as JSON. */
export function argsSize(args: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(args));
}

/** Why a new pending request cannot be held, or null when it fits. */
export function queueFull(pending: { count: number; bytes: number }, size: number): string | null {
  if (pending.count >= MAX_PENDING) return `${pending.count} requests already wait`;
  if (pending.bytes + size > MAX_PENDING_BYTES) {
    return `the requests waiting already hold ${Math.round(pending.bytes / 1048576)} MiB and this one ${Math.round(size / 1048576)} MiB more (limit ${MAX_PENDING_BYTES / 1048576} MiB)`;
  }
  return null;
}

function cut(value: unknown, depth: number, state: { cut: boolean }): unknown {
  if (typeof value === 'string') {
    if (value.length <= LISTED_STRING_LIMIT) return value;
    state.cut = true;
    return `${value.slice(0, LISTED_STRING_LIMIT)}… [${value.length - LISTED_STRING_LIMIT} more characters: open the request to review it whole]`;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => cut(v, depth + 1, state));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v, depth + 1, state)]));
}

/** The record as listings and events carry it: long strings cut, flagged `args_truncated`. */
export function listed(record: RequestRecord): RequestRecord {
  const state = { cut: false };
  const args = cut(record.request.args, 0, state) as Record<string, unknown>;
  return state.cut ? { ...record, request: { ...record.request, args }, args_truncated: true } : record;
}
