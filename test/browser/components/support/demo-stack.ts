import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { browserBundleConfig } from '@idlens/sdk/browser-bundle';
import { demoBundleConfig } from '../../../../demo/vite.config.ts';
import { startDemo, type RunningDemo } from '../../../../demo/server/start-demo.ts';
import { freePort } from '../../support/browser-harness.ts';

/**
 * The demo exactly as `pnpm start` runs it — page files, SDK bundle at /sdk/, page script at
 * /app/ — but in a temp folder with its own database and ports.
 */
export async function startDemoStack(): Promise<RunningDemo & { port: number; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-demo-'));
  const root = path.resolve('demo/public');
  for (const file of ['index.html', 'demo.css', 'favicon.svg', 'favicon.ico']) await copyFile(path.join(root, file), path.join(dir, file));
  await build(browserBundleConfig(path.join(dir, 'sdk')));
  await build(demoBundleConfig(path.join(dir, 'app')));
  const [port, proxyPort] = [await freePort(), await freePort()];
  const demo = await startDemo(
    {
      PORT: String(port),
      PROXY_PORT: String(proxyPort),
      HOST: '127.0.0.1',
      DEMO_DIR: dir,
      DATABASE_URL: `file:${path.join(dir, 'idlens.sqlite')}`,
      RECOGNITION_WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
    () => {},
  );
  return {
    ...demo,
    port,
    async close() {
      await demo.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
