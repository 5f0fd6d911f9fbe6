import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './context.ts';

/**
 * The one place errors become responses: ApiErrors keep their code; Hono's own 400s (malformed
 * JSON) get a code; anything else is a 500 INTERNAL_ERROR whose details go to the log (with the
 * executionId), never to the client.
 */
export function createErrorHandler(logger: Logger) {
  return function handleError(error: Error, c: Context<AppEnv>) {
    const apiError = toApiError(error);
    if (apiError.code === 'INTERNAL_ERROR') {
      logger.error('request failed', { executionId: c.get('executionId'), path: c.req.path, error: describe(error) });
    }
    return c.json(
      { code: apiError.code, message: apiError.message, traceId: c.get('traceId') ?? null, executionId: c.get('executionId') ?? null },
      apiError.status,
      apiError.headers,
    );
  };
}

function toApiError(error: Error): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException && error.status === 400) {
    return /json/i.test(error.message)
      ? new ApiError('INVALID_JSON', 'the request body is not valid JSON')
      : new ApiError('INVALID_REQUEST', error.message || 'bad request');
  }
  if (error instanceof HTTPException && error.status === 404) return new ApiError('NOT_FOUND', 'not found');
  const code = (error as { code?: unknown }).code;
  // Engine errors that describe the input (e.g. an impossible frame) are the client's, not ours.
  if (code === 'IMAGE_TOO_LARGE') return new ApiError('IMAGE_TOO_LARGE', error.message);
  if (code === 'INVALID_FRAME' || code === 'IMAGE_DECODE_FAILED') return new ApiError('IMAGE_DECODE_FAILED', error.message);
  return new ApiError('INTERNAL_ERROR', 'internal error');
}

function describe(error: Error): string {
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}\n${error.stack ?? ''}`;
}
