/**
 * `pnpm start`: the idlens server with the demo page (built on the web components; recognition in
 * the browser with the SDK bundle in demo/public/sdk/ or on the server) and the example customer
 * proxy beside it (see server/start-demo.ts).
 *
 * The proxy needs agent credentials. The demo client's secret is shown only when the database is
 * seeded, so on that first start it is kept in `<data dir>/demo-proxy-client.json` (mode 0600,
 * next to the SQLite file) for later starts; `DEMO_CLIENT_ID`/`DEMO_CLIENT_SECRET` override it.
 */
import { startDemo } from './server/start-demo.ts';

const demo = await startDemo(process.env);

const stop = async () => {
  await demo.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
