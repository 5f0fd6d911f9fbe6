import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The peer address of the connection (@hono/node-server puts the request in `c.env.incoming`);
 * '' when there is none (in-process `app.request()`). Forwarded-For headers are not trusted: any
 * client can write them.
 */
export function remoteAddress(c: Context): string {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? '';
}
