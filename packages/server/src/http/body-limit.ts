import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiError } from '../errors.ts';

/**
 * A request body size cap. Hono's `bodyLimit` first asks for `c.req.raw.body`, which makes
 * @hono/node-server build a full web Request around the socket stream, so that every later read
 * of the body goes through web streams: an eighth of a small POST's time. Here a declared
 * Content-Length (without Transfer-Encoding) is decided from the header alone, exactly as Hono
 * decides it once it has the stream (Node's HTTP parser never hands over more bytes than
 * declared); the body is then read by the fast path. A chunked body is counted while it streams,
 * by Hono's middleware. GET and HEAD carry no body and pass.
 */
export function limitBody(maxSize: number, tooLarge: () => ApiError): MiddlewareHandler {
  const throwTooLarge = (): never => {
    throw tooLarge();
  };
  const streaming = bodyLimit({ maxSize, onError: throwTooLarge });
  return async function limitBodyMiddleware(c, next) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streaming(c, next);
    if (Number.parseInt(length, 10) > maxSize) throwTooLarge();
    return next();
  };
}
