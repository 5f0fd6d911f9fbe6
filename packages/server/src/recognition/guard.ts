import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { ApiError } from '../errors.ts';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv } from '../http/context.ts';
import { matchesAnySecret } from '../http/constant-time.ts';

export interface RecognitionGuardOptions {
  apiKeys: string[];
  /** Whether `/card` (no headers declared in the spec) is checked too. */
  apiKeyOnCard: boolean;
  maxBodyBytes: number;
}

/**
 * What every recognition POST passes before its handler: a JSON content type, a body size cap
 * (from the declared Content-Length, or counted while streaming, so a huge body is refused before
 * it is buffered) and, when the operator configured keys, a valid `svc-api-key`.
 */
export function recognitionGuard({ apiKeys, apiKeyOnCard, maxBodyBytes }: RecognitionGuardOptions): MiddlewareHandler<AppEnv> {
  const requireJson: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new ApiError('INVALID_REQUEST', 'Content-Type must be application/json');
    }
    await next();
  };
  const limitSize = limitBody(maxBodyBytes, () => new ApiError('IMAGE_TOO_LARGE', `the request body is larger than ${maxBodyBytes} bytes`));
  const checkKey: MiddlewareHandler<AppEnv> = async (c, next) => {
    const checked = apiKeys.length > 0 && (apiKeyOnCard || c.req.path !== '/card');
    if (checked && !matchesAnySecret(c.req.header('svc-api-key'), apiKeys)) {
      throw new ApiError('FORBIDDEN', 'a valid svc-api-key header is required');
    }
    await next();
  };
  return every(checkKey, requireJson, limitSize);
}
