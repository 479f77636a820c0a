// Errors that reach API clients, and the translation of everything else into safe JSON.

import { QueryParamError } from "../core/api-query.ts";
import type { ApiErrorBody } from "../core/api-types.ts";
import { DatabaseOpening } from "./opening-db.ts";

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 414 | 503,
    message: string,
    readonly param?: string,
    /** For a 503 the client should try again after: seconds, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** When to ask again after a 503 for data not loaded yet (a first start's load takes seconds to minutes). */
const NOT_LOADED_RETRY_S = 5;

/** A 503 that tells the client when to ask again: the data is not there yet, or not within the time allowed. */
export function unavailable(message: string, retryAfterSeconds = 1): HttpError {
  return new HttpError(503, message, undefined, retryAfterSeconds);
}

/** The longest request URL (scheme and host included) the API answers; longer ones get a 414. */
export const MAX_URL_LENGTH = 8192;

/** PostgreSQL's code for a statement cancelled by statement_timeout (or a client cancel). */
const QUERY_CANCELED = "57014";

/** The message a client sees for a query that ran into the statement timeout (SPEC section 8 keys on it). */
export const TIMEOUT_MESSAGE = "The query timed out (canceling statement due to statement timeout).";

export function isQueryTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === QUERY_CANCELED;
}

export function toErrorResponse(error: unknown): {
  status: number;
  body: ApiErrorBody;
  retryAfterSeconds?: number;
} {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: { message: error.message, ...(error.param ? { param: error.param } : {}) } },
      // A 503 the server chose (nothing loaded yet, or not in time) always says when to ask again.
      ...(error.status === 503 ? { retryAfterSeconds: error.retryAfterSeconds ?? NOT_LOADED_RETRY_S } : {}),
    };
  }
  if (error instanceof DatabaseOpening) {
    return { status: 503, body: { error: { message: error.message } }, retryAfterSeconds: 1 };
  }
  if (error instanceof QueryParamError) {
    return { status: 400, body: { error: { message: error.message, param: error.param } } };
  }
  if (isQueryTimeout(error)) return { status: 503, body: { error: { message: TIMEOUT_MESSAGE } } };
  return { status: 500, body: { error: { message: "Internal server error" } } };
}
