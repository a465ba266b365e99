// Small checks shared by the store's validators: every refusal is a StoreInputError with a one-line message.
import { StoreInputError } from './types.js';

/** Normalises a timestamp to ISO-8601 UTC (so stored times compare as strings), or refuses it. */
export function isoTime(value: unknown, what: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) throw new StoreInputError(`${what} must be an ISO-8601 time`);
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(ms)) throw new StoreInputError(`${what} is not a valid time: ${JSON.stringify(String(value))}`);
  return new Date(ms).toISOString();
}

/** A non-empty string without NUL bytes, at most `max` characters. */
export function text(value: unknown, what: string, max = 10_000): string {
  if (typeof value !== 'string' || value.length === 0) throw new StoreInputError(`${what} must be a non-empty string`);
  if (value.includes('\0')) throw new StoreInputError(`${what} must not contain NUL bytes`);
  if (value.length > max) throw new StoreInputError(`${what} is longer than ${max} characters`);
  return value;
}

/** Like text(), but null/undefined pass as null. */
export function optionalText(value: unknown, what: string, max = 10_000): string | null {
  return value === null || value === undefined ? null : text(value, what, max);
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new StoreInputError(`${what} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** An integer within [min, max]. */
export function integer(value: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new StoreInputError(`${what} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`);
  }
  return value;
}

/** A plain JSON object (not an array, not null). */
export function plainObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new StoreInputError(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}
