import type { MiddlewareHandler } from 'hono';
import type { ApiError } from '../errors.ts';

/**
 * A request body size cap that reads nothing itself. A declared Content-Length (without
 * Transfer-Encoding) is decided from the header alone (Node's HTTP parser never hands over more
 * bytes than declared), and the body is later read by @hono/node-server's fast path. A chunked
 * body is counted as its reader pulls it — Hono's own `bodyLimit` reads a chunked body in full
 * (into a buffer it grows by doubling) before the next handler runs, which would have read every
 * chunked upload before admission decided whether to take it. The reader of an oversized body
 * gets `tooLarge()`; whatever the handler made of that, the answer is `tooLarge()`. GET and HEAD
 * carry no body and pass.
 */
export function limitBody(maxSize: number, tooLarge: () => ApiError): MiddlewareHandler {
  return async function limitBodyMiddleware(c, next) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge();
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    let size = 0;
    let exceeded = false;
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          size += value.byteLength;
          if (size > maxSize) {
            exceeded = true;
            controller.error(tooLarge());
            // Nothing more of it is wanted.
            void reader.cancel().catch(() => {});
            return;
          }
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      // Pulled only when read: nothing is buffered ahead of the reader.
      { highWaterMark: 0 },
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    if (exceeded) throw tooLarge();
  };
}
