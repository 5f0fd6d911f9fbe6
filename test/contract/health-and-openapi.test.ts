import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

describe('health, info and the OpenAPI document', () => {
  it('GET /health answers a HealthResult for every check', async () => {
    const { app } = await createTestApp();
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    const results = await res.json();
    expect(results.map((r: { name: string }) => r.name)).toEqual(['liveness', 'readiness', 'models', 'storage']);
    for (const result of results) {
      expect(Object.keys(result.status).sort()).toEqual(['description', 'name', 'operational', 'severity']);
      expect(result.status.operational).toBe(true);
    }
  });

  it('GET /health/{selector} is case-insensitive and 404s an unknown selector', async () => {
    const { app } = await createTestApp();
    const res = await app.request('/health/LiVeNeSs');
    expect(res.status).toBe(200);
    expect((await res.json())[0].name).toBe('liveness');
    const unknown = await app.request('/health/everything');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('NOT_FOUND');
  });

  it('serves the operator-configured health path', async () => {
    const { app } = await createTestApp({ SVC_HEALTH_CUSTOM_URL: 'ops/healthz' });
    const res = await app.request('/ops/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(4);
    expect((await (await createTestApp()).app.request('/ops/healthz')).status).toBe(404);
  });

  it('GET /info lists the server, engine and zxing with versions', async () => {
    const { app } = await createTestApp();
    const info = await (await app.request('/info')).json();
    expect(info.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['idlens-server', 'idlens-engine', 'zxing-wasm']));
    const zxing = info.find((i: { name: string }) => i.name === 'zxing-wasm');
    expect(zxing.details.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('GET /openapi.json is a valid OpenAPI 3.1 document with every path of the spec', async () => {
    const { app } = await createTestApp();
    const doc = await (await app.request('/openapi.json')).json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/barcode', '/id-barcode', '/card', '/document-multi-side', '/document-single-side']) {
      expect(doc.paths[path].post.responses).toHaveProperty('200');
      expect(doc.paths[path].post.responses).toHaveProperty('400');
      expect(doc.paths[path].post.responses).toHaveProperty('403');
      expect(doc.paths[path].post.responses).toHaveProperty('500');
    }
    for (const path of ['/health', '/health/{selector}', '/info']) expect(doc.paths[path]).toHaveProperty('get');
    const barcode = doc.components.schemas.BarcodeRequest;
    expect(barcode.required).toEqual(['image']);
    expect(Object.keys(barcode.properties)).toEqual(
      expect.arrayContaining(['scanQrCode', 'scanUpce', 'scanItf', 'slowerThoroughScan', 'readCode39AsExtendedData']),
    );
    expect(doc.components.schemas.BarcodeType.enum).toEqual([
      'NONE',
      'QR_CODE',
      'UPC_E',
      'UPC_A',
      'EAN_8',
      'EAN_13',
      'CODE_128',
      'CODE_39',
      'ITF',
      'PDF417_BARCODE',
    ]);
  });

  it('serves the API docs page and its assets from this server', async () => {
    const { app } = await createTestApp();
    const page = await (await app.request('/docs')).text();
    expect(page).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await app.request('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await app.request('/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
