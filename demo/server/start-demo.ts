/**
 * The demo stack: the idlens server (serving the demo page from DEMO_DIR) and the example customer
 * proxy on the next port. Used by `pnpm start` (demo/start.ts) and by the demo's browser tests.
 *
 * The page may be opened at `localhost` or at `127.0.0.1`: both are different origins from the
 * browser's point of view, so the edge API's CORS list and the proxy's allow both host names
 * (plus the configured public URL and any `CORS_ORIGINS`), and the page derives the proxy URL
 * from its own host name.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createLogger, readConfig, startServer, type RunningServer } from '@idlens/server';
import { createDemoProxy } from '../proxy/proxy.ts';

export interface RunningDemo {
  server: RunningServer;
  /** The proxy's base URL (null when no agent credentials are available). */
  proxyUrl: string | null;
  close(): Promise<void>;
}

/** `http://localhost:PORT` and `http://127.0.0.1:PORT`: the host names a developer types. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

export async function startDemo(env: Record<string, string | undefined> = process.env, log: (line: string) => void = console.log): Promise<RunningDemo> {
  const demoDir = env.DEMO_DIR ?? 'demo/public';
  const port = Number(env.PORT ?? 8080);
  const extraOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const publicOrigin = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [];
  const pageOrigins = [...new Set([...loopbackOrigins(port), ...publicOrigin, ...extraOrigins])];
  const config = readConfig({ ...env, DEMO_DIR: demoDir, CORS_ORIGINS: pageOrigins.join(',') });
  const server = await startServer(config, createLogger());
  log(`idlens listening on ${server.url} (API docs: ${server.url}/docs, demo: ${server.url}/)`);

  const credentialsFile = path.join(config.databaseUrl.startsWith('file:') ? path.dirname(config.databaseUrl.slice(5)) : 'data', 'demo-proxy-client.json');
  if (server.demoCredentials) {
    const { clientId, clientSecret, organizationId } = server.demoCredentials;
    log(
      `Empty database: seeded the demo organization ${organizationId}, workflows demo-auto and demo-document, and a demo client.\n  client_id:      ${clientId}\n  client_secret:  ${clientSecret}`,
    );
    await mkdir(path.dirname(credentialsFile), { recursive: true });
    await writeFile(credentialsFile, JSON.stringify({ clientId, clientSecret }), { mode: 0o600 });
  }
  const credentials =
    env.DEMO_CLIENT_ID && env.DEMO_CLIENT_SECRET
      ? { clientId: env.DEMO_CLIENT_ID, clientSecret: env.DEMO_CLIENT_SECRET }
      : await readFile(credentialsFile, 'utf8').then(
          (text) => JSON.parse(text) as { clientId: string; clientSecret: string },
          () => null,
        );

  const proxyPort = Number(env.PROXY_PORT ?? config.port + 1);
  // The page reads the proxy's port from here (it keeps its own host name, see above).
  await mkdir(path.join(demoDir, 'app'), { recursive: true });
  await writeFile(path.join(demoDir, 'app', 'config.json'), JSON.stringify({ proxyPort: credentials ? proxyPort : null }));
  if (!credentials) {
    log(
      `demo proxy not started: no credentials (${credentialsFile} is missing). Create a client with \`pnpm cli client add --name demo-proxy\` and set DEMO_CLIENT_ID/DEMO_CLIENT_SECRET.`,
    );
    return { server, proxyUrl: null, close: () => server.close() };
  }
  // The demo page (the server's origin) calls the proxy cross-origin; a real proxy usually sits on
  // the customer's own origin and needs no CORS.
  const proxy = new Hono()
    .use('*', cors({ origin: [...new Set([server.url, ...pageOrigins])], allowHeaders: ['content-type', 'idempotency-key', 'authorization'] }))
    .route('/', createDemoProxy({ agentUrl: server.url, ...credentials, workflows: ['demo-auto', 'demo-document'] }));
  const proxyServer = serve({ fetch: proxy.fetch, port: proxyPort, hostname: config.host });
  const proxyUrl = `http://localhost:${proxyPort}`;
  log(`demo proxy listening on ${proxyUrl}/transaction (adds the agent credentials, forwards to ${server.url}/agent/api/v1/transaction)`);
  return {
    server,
    proxyUrl,
    async close() {
      await new Promise<void>((resolve) => proxyServer.close(() => resolve()));
      await server.close();
    },
  };
}
