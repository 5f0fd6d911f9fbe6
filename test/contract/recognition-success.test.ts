import { beforeAll, describe, expect, it } from 'vitest';
import { barcodePng, toBase64 } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const barcodeDataKeys = ['barcodeType', 'rawData', 'stringData', 'uncertain', 'detectionPoints', 'recognitionStatus'];

describe('recognition service: envelope and results', () => {
  let t: TestApp;
  let qr: string;
  beforeAll(async () => {
    t = await createTestApp();
    qr = toBase64(await barcodePng('https://idlens.example/q?x=1', { format: 'QRCode' }));
  });

  it('wraps the barcode result in the envelope, echoing traceId', async () => {
    const res = await t.post('/barcode', { image: { imageBase64: qr }, scanQrCode: true, traceId: 'trace-42' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['data', 'executionId', 'finishTime', 'startTime', 'traceId']);
    expect(res.json.traceId).toBe('trace-42');
    expect(res.json.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.json.startTime)).toBeLessThanOrEqual(Date.parse(res.json.finishTime));
    expect(res.json.startTime).toMatch(/Z$/);
    expect(Object.keys(res.json.data).sort()).toEqual([...barcodeDataKeys].sort());
    expect(res.json.data).toMatchObject({ barcodeType: 'QR_CODE', stringData: 'https://idlens.example/q?x=1', uncertain: false, recognitionStatus: 'VALID' });
    expect(Buffer.from(res.json.data.rawData, 'base64').toString()).toBe('https://idlens.example/q?x=1');
    expect(res.json.data.detectionPoints.points).toHaveLength(4);
    expect(res.headers.get('x-execution-id')).toBe(res.json.executionId);
  });

  it('accepts a data: URL prefix and answers traceId null when none was sent', async () => {
    const res = await t.post('/barcode', { image: { imageBase64: `data:image/png;base64,${qr}` }, scanQrCode: true });
    expect(res.status).toBe(200);
    expect(res.json.traceId).toBeNull();
    expect(res.json.data.barcodeType).toBe('QR_CODE');
  });

  it('answers EMPTY when the symbology is not enabled', async () => {
    const res = await t.post('/barcode', { image: { imageBase64: qr }, scanEan13: true });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ barcodeType: null, rawData: null, recognitionStatus: 'EMPTY' });
  });

  it('answers the card and document endpoints with their full data shape', async () => {
    const card = await t.post('/card', { cardNumberSide: { imageBase64: qr }, extractCvv: true });
    expect(card.status).toBe(200);
    expect(card.json.data).toMatchObject({ issuingNetwork: 'ISSUER_OTHER', recognitionStatus: 'EMPTY', scanningFirstSideDone: false });
    for (const path of ['/document-single-side', '/document-multi-side']) {
      const body = path.endsWith('single-side')
        ? { image: { imageBase64: qr } }
        : { imageFirstSide: { imageBase64: qr }, imageSecondSide: { imageBase64: qr } };
      const res = await t.post(path, body);
      expect(res.status).toBe(200);
      expect(res.json.data).toHaveProperty('mrzData', null);
      expect(res.json.data).toHaveProperty('effectiveDate', null);
      expect(res.json.data.recognitionStatus).toBe('EMPTY');
    }
  });

  it('reads an ID barcode and returns its raw bytes', async () => {
    const payload = '@\n\x1e\rANSI 636014040002DL00410278ZC03190008DLDAQD1234567\nDCSPUBLIC\nDACJOHN\nDBB01311980\nDBA01312030\nDBC1\r';
    const png = await barcodePng(new TextEncoder().encode(payload), { format: 'PDF417', scale: 3 });
    const res = await t.post('/id-barcode', { image: { imageBase64: toBase64(png) }, traceId: 'dl' });
    expect(res.status).toBe(200);
    expect(res.json.data.barcodeType).toBe('PDF417_BARCODE');
    expect(Buffer.from(res.json.data.rawDataBase64, 'base64').toString('latin1')).toBe(payload);
    expect(res.json.data.recognitionStatus).toBe('VALID');
  });
});
