import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { silentLogger } from './logger.ts';
import type { RecognitionBackend } from './recognition/recognition-backend.ts';
import { recognitionPaths } from './recognition/routes.ts';

const unreachable = async (): Promise<never> => {
  throw new Error('the guard should have stopped this request');
};

/** A backend no request here may reach: the guard answers first. */
const recognition: RecognitionBackend = {
  barcode: unreachable,
  idBarcode: unreachable,
  card: unreachable,
  document: unreachable,
  status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 0 }),
  close: async () => {},
};

/** Keys on every endpoint (`/card` included) and the smallest image limit, so a small body is already too large. */
const app = createApp({
  config: readConfig({ SVC_API_KEYS: 'the-key', SVC_API_KEY_ON_CARD: 'true', IMAGE_MAX_BYTES: '1024' }),
  recognition,
  logger: silentLogger,
  healthChecks: [],
  info: [],
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('the recognition guard', () => {
  it('stands in front of every POST endpoint the recognition service documents', async () => {
    const document = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.entries(document.paths)
      .filter(([, operations]) => 'post' in operations)
      .map(([path]) => path);
    expect([...posts].sort()).toEqual([...recognitionPaths].sort());
  });

  it.each(recognitionPaths)('%s: 403 FORBIDDEN without a valid svc-api-key', async (path) => {
    const refused: Array<Record<string, string>> = [{}, { 'svc-api-key': 'the-keyX' }];
    for (const headers of refused) {
      const res = await post(path, '{}', headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it.each(recognitionPaths)('%s: with the key, a non-JSON body or one over the size limit is refused', async (path) => {
    const key = { 'svc-api-key': 'the-key' };
    const form = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...key }, body: 'a=1' });
    expect(await form.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    const huge = await post(path, JSON.stringify({ image: { imageBase64: 'A'.repeat(100_000) } }), key);
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });
});

describe('the demo page', () => {
  it('is served cross-origin isolated (COOP and COEP), its assets too, while /openapi.json is answered without COEP', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-demo-headers-'));
    try {
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>demo</title>');
      await mkdir(path.join(dir, 'sdk'));
      await writeFile(path.join(dir, 'sdk', 'idlens-worker.js'), 'export {};');
      const demo = createApp({ config: readConfig({ DEMO_DIR: dir }), recognition, logger: silentLogger, healthChecks: [], info: [] });
      for (const file of ['/', '/sdk/idlens-worker.js']) {
        const res = await demo.request(file);
        expect(res.status).toBe(200);
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      }
      const api = await demo.request('/openapi.json');
      expect(api.status).toBe(200);
      expect(api.headers.get('cross-origin-embedder-policy')).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
