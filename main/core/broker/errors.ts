// Typed errors of the approver service: the HTTP routes map them to status codes, the Electron IPC to `{ok:false,error}`.
import { StoreConflictError, StoreInputError, StoreNotFoundError } from '../store/types.js';

/** Base class: an error whose one-line message a person can act on, with the HTTP status it means. */
export class GatehouseError extends Error {
  readonly status: number = 500;
}

/** Bad input from a client (HTTP 400). */
export class InputError extends GatehouseError {
  override readonly status = 400;
}

/** A credential or caller that may not do this (HTTP 403). */
export class ForbiddenError extends GatehouseError {
  override readonly status = 403;
}

/** An id that does not exist (HTTP 404). */
export class NotFoundError extends GatehouseError {
  override readonly status = 404;
}

/** A request that is no longer pending, or another state clash (HTTP 409). */
export class ConflictError extends GatehouseError {
  override readonly status = 409;
}

/** Turns the store's own error classes into the service's typed errors; anything else passes through unchanged. */
export function fromStoreError(err: unknown): unknown {
  if (err instanceof StoreNotFoundError) return new NotFoundError(err.message);
  if (err instanceof StoreConflictError) return new ConflictError(err.message);
  if (err instanceof StoreInputError) return new InputError(err.message);
  return err;
}

/** Runs a store call and rethrows its errors as typed service errors. */
export function viaStore<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw fromStoreError(err);
  }
}
