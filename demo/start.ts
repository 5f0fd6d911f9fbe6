/**
 * `pnpm start`: the idlens server with the demo page (which now also recognizes in the browser,
 * with the SDK bundle built into demo/public/sdk/) and the example customer proxy beside it.
 *
 * The proxy needs agent credentials. The demo client's secret is shown only when the database is
 * seeded, so on that first start it is kept in `<data dir>/demo-proxy-client.json` (mode 0600,
 * next to the SQLite file) for later starts; `DEMO_CLIENT_ID`/`DEMO_CLIENT_SECRET` override it.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createLogger, readConfig, startServer } from '@idlens/server';
import { createDemoProxy } from './proxy/proxy.ts';

const demoDir = process.env.DEMO_DIR ?? 'demo/public';
const config = readConfig({ ...process.env, DEMO_DIR: demoDir });
const server = await startServer(config, createLogger());
console.log(`idlens listening on ${server.url} (API docs: ${server.url}/docs, demo: ${server.url}/)`);

const credentialsFile = path.join(config.databaseUrl.startsWith('file:') ? path.dirname(config.databaseUrl.slice(5)) : 'data', 'demo-proxy-client.json');
if (server.demoCredentials) {
  const { clientId, clientSecret, organizationId } = server.demoCredentials;
  console.log(`Empty database: seeded the demo organization ${organizationId}, workflows demo-auto and demo-document, and a demo client.\n  client_id:      ${clientId}\n  client_secret:  ${clientSecret}`);
  await mkdir(path.dirname(credentialsFile), { recursive: true });
  await writeFile(credentialsFile, JSON.stringify({ clientId, clientSecret }), { mode: 0o600 });
}
const credentials = process.env.DEMO_CLIENT_ID && process.env.DEMO_CLIENT_SECRET
  ? { clientId: process.env.DEMO_CLIENT_ID, clientSecret: process.env.DEMO_CLIENT_SECRET }
  : await readFile(credentialsFile, 'utf8').then((text) => JSON.parse(text) as { clientId: string; clientSecret: string }, () => null);

const proxyPort = Number(process.env.PROXY_PORT ?? config.port + 1);
if (credentials) {
  // The demo page (the server's origin) calls the proxy cross-origin; a real proxy usually sits on
  // the customer's own origin and needs no CORS.
  const proxy = new Hono()
    .use('*', cors({ origin: [server.url, config.publicUrl, `http://localhost:${config.port}`], allowHeaders: ['content-type', 'idempotency-key'] }))
    .route('/', createDemoProxy({ agentUrl: server.url, ...credentials, workflows: ['demo-auto', 'demo-document'] }));
  serve({ fetch: proxy.fetch, port: proxyPort, hostname: config.host });
  console.log(`demo proxy listening on http://localhost:${proxyPort}/transaction (adds the agent credentials, forwards to ${server.url}/agent/api/v1/transaction)`);
} else {
  console.log(`demo proxy not started: no credentials (${credentialsFile} is missing). Create a client with \`pnpm cli client add --name demo-proxy\` and set DEMO_CLIENT_ID/DEMO_CLIENT_SECRET.`);
}

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
