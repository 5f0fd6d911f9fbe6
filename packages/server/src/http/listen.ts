import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Config } from '../config.ts';

export interface Listening {
  port: number;
  server: Server;
  /** Stops accepting connections and closes the open ones at once (tests; startServer stops gracefully). */
  close(): Promise<void>;
}

type FetchApp = { fetch: (request: Request, env: unknown) => Response | Promise<Response> };

/**
 * The HTTP server around the app, with the request limits of the configuration: a request must
 * arrive whole within `HTTP_REQUEST_TIMEOUT` and its headers within `HTTP_HEADERS_TIMEOUT`, or it
 * is answered 408 and its connection closed — a body whose Content-Length promises more than is
 * sent holds a connection (and whatever it was admitted to) no longer than that. Node checks the
 * deadlines every `connectionsCheckingInterval` (30 s by default): once a second here, so the
 * configured times are kept to the second.
 */
export async function listen(app: FetchApp, config: Pick<Config, 'port' | 'host' | 'http'>): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: {
          requestTimeout: config.http.requestTimeoutMs,
          headersTimeout: config.http.headersTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
      },
      () => resolve(s as Server),
    ) as Server;
  });
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
