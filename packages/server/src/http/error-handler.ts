import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, type ApiErrorCode } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './context.ts';

/**
 * The one place errors become responses: ApiErrors keep their code; Hono's own HTTPExceptions keep
 * their status (400 malformed JSON, 413, 415 from the media-type gate, 405…) and get a code; anything
 * else is a 500 INTERNAL_ERROR whose details go to the log (with the executionId), never to the client.
 */
export function createErrorHandler(logger: Logger, loggablePath: (path: string) => string) {
  return function handleError(error: Error, c: Context<AppEnv>) {
    if (clientHungUp(c, error)) {
      // Nobody is left to answer, and nothing failed here: a note, not an error.
      logger.info('client disconnected', { executionId: c.get('executionId'), path: loggablePath(c.req.path) });
      const gone = new ApiError('INVALID_REQUEST', 'the client disconnected before its request was complete');
      return c.json({ code: gone.code, message: gone.message, traceId: null, executionId: c.get('executionId') ?? null }, gone.status);
    }
    const apiError = toApiError(error);
    if (apiError.code === 'INTERNAL_ERROR') {
      logger.error('request failed', { executionId: c.get('executionId'), path: loggablePath(c.req.path), error: describe(error) });
    }
    return c.json(
      { code: apiError.code, message: apiError.message, traceId: c.get('traceId') ?? null, executionId: c.get('executionId') ?? null },
      apiError.status,
      apiError.headers,
    );
  };
}

/**
 * The client closed its connection before its request was complete (a phone losing its network
 * mid-upload): reading the body failed with `aborted`, or failed otherwise (a truncated body is
 * not JSON) while the request stream was already torn down.
 */
function clientHungUp(c: Context<AppEnv>, error: Error): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (error.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return incoming.readableAborted || (!incoming.complete && incoming.destroyed);
}

/** Codes of the HTTP statuses Hono and its middleware throw, with a message safe to show. */
const httpStatusCodes: Partial<Record<number, [ApiErrorCode, string]>> = {
  401: ['UNAUTHORIZED', 'authentication is required'],
  403: ['FORBIDDEN', 'forbidden'],
  404: ['NOT_FOUND', 'not found'],
  405: ['METHOD_NOT_ALLOWED', 'this method is not allowed on this path'],
  409: ['CONFLICT', 'conflict'],
  413: ['PAYLOAD_TOO_LARGE', 'the request body is too large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'],
  429: ['RATE_LIMITED', 'too many requests; retry later'],
};

function toApiError(error: Error): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException && error.status === 400) {
    return /json/i.test(error.message)
      ? new ApiError('INVALID_JSON', 'the request body is not valid JSON')
      : new ApiError('INVALID_REQUEST', error.message || 'bad request');
  }
  if (error instanceof HTTPException && error.status < 500) {
    const known = httpStatusCodes[error.status];
    if (known) return new ApiError(known[0], known[1]);
    // Any other client error keeps its status (408, 411, 431…).
    return new ApiError('INVALID_REQUEST', 'the request cannot be processed', { status: error.status as ContentfulStatusCode });
  }
  const code = (error as { code?: unknown }).code;
  // Engine errors that describe the input (e.g. an impossible frame) are the client's, not ours.
  if (code === 'IMAGE_TOO_LARGE') return new ApiError('IMAGE_TOO_LARGE', error.message);
  if (code === 'INVALID_FRAME' || code === 'IMAGE_DECODE_FAILED') return new ApiError('IMAGE_DECODE_FAILED', error.message);
  // Options the engine cannot apply are the request's fault; the schemas should have said so first.
  if (code === 'INVALID_OPTIONS') return new ApiError('INVALID_REQUEST', error.message);
  return new ApiError('INTERNAL_ERROR', 'internal error');
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}\n${error.stack ?? ''}`;
}
