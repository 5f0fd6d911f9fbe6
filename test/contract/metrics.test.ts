import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/** Issue #59 §3: Prometheus metrics at /metrics — by route pattern, recognition by kind, queue and pool. */

const metricsToken = 'metrics-token-'.padEnd(40, 'm');

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: PlatformTestApp;
  let demoDir: string;
  beforeAll(async () => {
    // With the demo's files served, as `pnpm start` runs it: they match `/*` after every route.
    demoDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-metrics-demo-'));
    await writeFile(path.join(demoDir, 'index.html'), '<!doctype html><title>demo</title>');
    t = await createPlatformTestApp({ metrics: true, env: { DEMO_DIR: demoDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(demoDir, { recursive: true, force: true });
  });

  it('counts answers by route pattern and status, times recognitions by kind, and reports the queue and the connections', async () => {
    const created = await t.agent('POST', '/transaction', createRequest());
    expect(created.status).toBe(201);
    const id = created.json.transactionId as string;
    expect((await t.agent('GET', `/transaction/${id}`)).status).toBe(200);
    expect((await t.agent('GET', `/transaction/${id}`)).status).toBe(200);
    expect((await t.request('GET', `/agent/api/v1/transaction/${id}`)).status).toBe(401);
    const pan = '4111111111111111';
    expect((await t.agent('GET', `/transaction/${pan}`)).status).toBeGreaterThanOrEqual(400);
    expect((await t.request('GET', '/index.html')).status).toBe(200);
    const image = (await sampleImage('png')).toString('base64');
    expect((await t.request('POST', '/document-single-side', { body: { image: { imageBase64: image } } })).status).toBe(200);

    const res = await t.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.bytes.toString('utf8');
    const route = '/agent/api/v1/transaction/:transactionId';
    expect(sample(text, `idlens_http_requests_total{method="GET",route="${route}",status="200"}`)).toBe(2);
    expect(sample(text, `idlens_http_requests_total{method="GET",route="${route}",status="401"}`)).toBe(1);
    expect(sample(text, `idlens_http_requests_total{method="POST",route="/agent/api/v1/transaction",status="201"}`)).toBe(1);
    expect(sample(text, `idlens_http_request_duration_seconds_count{method="GET",route="${route}"}`)).toBeGreaterThanOrEqual(3);
    // What no endpoint answered (the demo's files): one label, not the path.
    expect(sample(text, 'idlens_http_requests_total{method="GET",route="(none)",status="200"}')).toBe(1);
    expect(sample(text, 'idlens_recognition_duration_seconds_count{kind="document",outcome="ok"}')).toBe(1);
    expect(sample(text, 'idlens_recognition_queue_depth')).toBe(0);
    expect(sample(text, 'idlens_recognition_workers')).toBe(1);
    expect(sample(text, 'idlens_db_connections{state="max"}')).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // Patterns only: no id, and nothing a client put in a path.
    expect(text).not.toContain(id);
    expect(text).not.toContain(pan);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp({ metrics: true, env: { METRICS_TOKEN: metricsToken } });
  });
  afterAll(async () => t.close());

  it('answers only the bearer of the token', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(401);
    expect((await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${metricsToken}x` } })).status).toBe(401);
    // Agent credentials are not the metrics token.
    expect((await t.request('GET', '/metrics', { headers: { authorization: t.agentAuth } })).status).toBe(401);
    const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(res.status).toBe(200);
    expect(res.bytes.toString('utf8')).toContain('idlens_http_requests_total');
  });
});
