import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { barcodePng, toBase64 } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const recognitionEndpoints = ['/barcode', '/id-barcode', '/document-single-side'] as const;

describe('recognition service: bad input gets a 400 with a stable code, never a 500', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    png = await barcodePng('idlens', { format: 'QRCode' });
  });

  it('INVALID_JSON for a body that is not JSON', async () => {
    const res = await t.post('/barcode', '{"image": ');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'INVALID_JSON', traceId: null });
    expect(res.json.executionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('INVALID_REQUEST for a body that is JSON but not an object', async () => {
    const res = await t.post('/barcode', '[1,2]');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_REQUEST');
  });

  it('INVALID_REQUEST names the offending field', async () => {
    const res = await t.post('/barcode', { image: { imageBase64: toBase64(png) }, scanQrCode: 'yes' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_REQUEST');
    expect(res.json.message).toContain('scanQrCode');
  });

  it('INVALID_REQUEST for a body that is not declared JSON', async () => {
    const res = await t.app.request('/barcode', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('INVALID_REQUEST');
  });

  it.each(recognitionEndpoints)('IMAGE_MISSING when %s gets no image', async (path) => {
    for (const body of [{}, { image: null }, { image: {} }, { image: { imageBase64: '' } }]) {
      const res = await t.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe('IMAGE_MISSING');
    }
  });

  it('IMAGE_MISSING for document-multi-side without imageFirstSide and card without any side', async () => {
    expect((await t.post('/document-multi-side', {})).json.code).toBe('IMAGE_MISSING');
    expect((await t.post('/card', {})).json.code).toBe('IMAGE_MISSING');
  });

  it('IMAGE_SOURCE_AMBIGUOUS when both imageUrl and imageBase64 are sent', async () => {
    const res = await t.post('/barcode', { image: { imageBase64: toBase64(png), imageUrl: 'https://example.com/a.png' }, scanQrCode: true });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('IMAGE_SOURCE_AMBIGUOUS');
  });

  it('IMAGE_BASE64_INVALID for broken Base64', async () => {
    for (const imageBase64 of ['not base64 at all!', 'abcde', 'data:image/png,notbase64']) {
      const res = await t.post('/barcode', { image: { imageBase64 }, scanQrCode: true });
      expect(res.json.code, imageBase64).toBe('IMAGE_BASE64_INVALID');
    }
  });

  it('IMAGE_FORMAT_UNSUPPORTED for formats other than JPEG and PNG, whatever the data: prefix claims', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    for (const bytes of [gif, webp, Buffer.from('hello world')]) {
      const res = await t.post('/barcode', { image: { imageBase64: `data:image/png;base64,${toBase64(bytes)}` }, scanQrCode: true });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('IMAGE_FORMAT_UNSUPPORTED');
    }
  });

  it('IMAGE_DECODE_FAILED for truncated or corrupt files and zero-byte images', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    const cases = [png.subarray(0, png.length / 2), jpeg.subarray(0, jpeg.length / 2), Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)])];
    for (const bytes of cases) {
      const res = await t.post('/barcode', { image: { imageBase64: toBase64(bytes) }, scanQrCode: true });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('IMAGE_DECODE_FAILED');
    }
    const empty = await t.post('/barcode', { image: { imageBase64: '=' }, scanQrCode: true });
    expect(empty.json.code).toBe('IMAGE_DECODE_FAILED');
  });

  it('IMAGE_TOO_LARGE over the byte limit and over the pixel limit', async () => {
    const small = await createTestApp({ IMAGE_MAX_BYTES: '2048', IMAGE_MAX_PIXELS: '10000' });
    const big = Buffer.alloc(4096, 1);
    const bytes = await small.post('/barcode', { image: { imageBase64: toBase64(Buffer.concat([png.subarray(0, 8), big])) }, scanQrCode: true });
    expect(bytes.status).toBe(400);
    expect(bytes.json.code).toBe('IMAGE_TOO_LARGE');
    const wide = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const pixels = await small.post('/barcode', { image: { imageBase64: toBase64(wide) }, scanQrCode: true });
    expect(pixels.status).toBe(400);
    expect(pixels.json.code).toBe('IMAGE_TOO_LARGE');
  });

  it('IMAGE_TOO_LARGE (not a 413 or a crash) for a body over the size limit', async () => {
    const small = await createTestApp({ IMAGE_MAX_BYTES: '2048' });
    const res = await small.post('/barcode', { image: { imageBase64: 'A'.repeat(20_000) } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('IMAGE_TOO_LARGE');
  });

  it('validates card and document options completely although their recognition is pending', async () => {
    const image = { imageBase64: toBase64(png) };
    const cases: Array<[string, unknown, string]> = [
      ['/card', { cardNumberSide: image, anonymizationSettings: { cvvAnonymizationMode: 'SOMETIMES' } }, 'anonymizationSettings.cvvAnonymizationMode'],
      ['/card', { cardNumberSide: image, screenCheckStrictnessLevel: 'PARANOID' }, 'screenCheckStrictnessLevel'],
      ['/card', { cardNumberSide: image, extractCvv: 'true' }, 'extractCvv'],
      ['/document-multi-side', { imageFirstSide: image, ageLimit: -1 }, 'ageLimit'],
      [
        '/document-multi-side',
        { imageFirstSide: image, customDocumentRules: [{ fields: [{ fieldType: 'DOCUMENT_NUMBER', alphabetType: 'KLINGON' }] }] },
        'customDocumentRules.0.fields.0.alphabetType',
      ],
      [
        '/document-multi-side',
        { imageFirstSide: image, customDocumentRules: [{ fields: [{ fieldType: 'SHOE_SIZE' }] }] },
        'customDocumentRules.0.fields.0.fieldType',
      ],
      // Issue #56: a rule's field without a field type reached the engine and answered 500.
      ...[{ fieldType: null }, {}, { alphabetType: 'LATIN' }].flatMap(
        (field): Array<[string, unknown, string]> => [
          ['/document-multi-side', { imageFirstSide: image, customDocumentRules: [{ fields: [field] }] }, 'customDocumentRules.0.fields.0.fieldType'],
          ['/document-single-side', { image, customDocumentRules: [{ fields: [field] }] }, 'customDocumentRules.0.fields.0.fieldType'],
        ],
      ),
      [
        '/document-multi-side',
        { imageFirstSide: image, customDocumentAnonymizationSettings: [{ fields: ['nope'] }] },
        'customDocumentAnonymizationSettings.0.fields.0',
      ],
      ['/document-single-side', { image, documentFilter: { country: 'USA' } }, 'documentFilter.country'],
      ['/document-single-side', { image, anonymizationMode: 'MAYBE' }, 'anonymizationMode'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(path, body);
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.json.code).toBe('INVALID_REQUEST');
      expect(res.json.message).toContain(field);
    }
  });

  it('never answers 500 to arbitrary JSON bodies', async () => {
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      Number.POSITIVE_INFINITY,
      '',
      'x',
      [],
      {},
      { imageBase64: 5 },
      { imageUrl: [] },
      { imageUrl: 'x' },
      { imageBase64: '////' },
    ];
    for (const path of ['/barcode', '/id-barcode', '/card', '/document-multi-side', '/document-single-side']) {
      for (const value of values) {
        for (const key of ['image', 'imageFirstSide', 'cardNumberSide', 'scanQrCode', 'traceId']) {
          const res = await t.post(path, { [key]: value });
          expect(res.status, `${path} ${key}=${JSON.stringify(value)}`).toBe(400);
          expect(typeof res.json.code).toBe('string');
        }
      }
    }
  });
});
