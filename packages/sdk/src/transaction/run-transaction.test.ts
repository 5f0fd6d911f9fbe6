import { describe, expect, it } from 'vitest';
import { startTransaction } from './run-transaction.ts';
import { sdkVersion } from './sdk-version.ts';

type Call = { method: string; url: string; headers: Record<string, string>; body: any };

/** A scripted platform: answers by "METHOD path-suffix", recording every call. */
function fakePlatform(script: Record<string, Array<() => Response>>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : null });
    const key = Object.keys(script).find((k) => k.split(' ')[0] === method && url.endsWith(k.split(' ')[1]!));
    const next = key ? script[key]!.shift() : undefined;
    if (!next) throw new Error(`unexpected ${method} ${url}`);
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline = () => {
  throw new TypeError('fetch failed');
};
const created = { transactionId: 't1', ephemeralKey: 'k1', edgeApiUrl: 'https://idlens.test/edge', workflowInfo: {}, processingStatus: 'InProgress' };
const view = (processingStatus: string, currentStep: unknown = null) => ({
  transactionId: 't1',
  processingStatus,
  verificationStatus: processingStatus === 'Complete' ? 'Accept' : null,
  workflowInfo: { currentStep: 'x' },
  hasConsent: true,
  currentStep,
});
const options = {
  proxyUrl: 'https://shop.test/proxy/transaction',
  workflowId: 'demo-auto',
  formValues: { customerName: 'A' },
  consent: { userId: 'u', isProcessingStoringAllowed: true, isTrainingAllowed: false },
};

describe('startTransaction', () => {
  it('creates through the proxy (idempotency key, sdkVersion, givenOn without zone), resumes with Basic transactionId:ephemeralKey', async () => {
    const p = fakePlatform({
      'POST /proxy/transaction': [offline, json(created, 201)],
      'GET /transaction/t1': [json(view('InProgress')), json(view('Complete'))],
      'POST /resume': [json({ transactionId: 't1', isChanged: true, processingStatus: 'Complete' })],
    });
    const result = await startTransaction({ ...options, retry: { fetch: p.fetch, baseDelayMs: 1 } });
    expect(result).toMatchObject({ transactionId: 't1', processingStatus: 'Complete', verificationStatus: 'Accept' });
    const creates = p.calls.filter((c) => c.url.endsWith('/proxy/transaction'));
    expect(creates).toHaveLength(2);
    expect(creates[0]!.headers['idempotency-key']).toBe(creates[1]!.headers['idempotency-key']);
    expect(creates[0]!.body).toMatchObject({ platform: 'browser', sdkVersion, workflowId: 'demo-auto' });
    expect(creates[0]!.body.consent.givenOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
    const edge = p.calls.find((c) => c.url.includes('/edge/'))!;
    expect(edge.url).toBe('https://idlens.test/edge/api/v1/transaction/t1');
    expect(edge.headers.authorization).toBe(`Basic ${btoa('t1:k1')}`);
  });

  it('does not blindly resend a step whose answer was lost: it checks the view first', async () => {
    const step = { id: 2, name: 'ScanDocument', type: 'ScanDocument', interactive: true, awaitingInput: true, settings: {} };
    const p = fakePlatform({
      'POST /proxy/transaction': [json(created, 201)],
      'GET /transaction/t1': [json(view('InProgress', step)), json(view('InProgress', { ...step, awaitingInput: false })), json(view('Complete'))],
      'POST /step/2': [offline],
      'POST /resume': [json({ transactionId: 't1', isChanged: true, processingStatus: 'Complete' })],
    });
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
    const result = await startTransaction({ ...options, retry: { fetch: p.fetch, baseDelayMs: 1 }, capture: async () => ({ front: png }) });
    expect(result.processingStatus).toBe('Complete');
    expect(p.calls.filter((c) => c.url.endsWith('/step/2'))).toHaveLength(1);
    expect(p.calls.find((c) => c.url.endsWith('/step/2'))!.body.images.front).toBe('iVBORw0KGgo=');
  });

  it('sends the document portrait as the face a step requires when the user captured none', async () => {
    const step = { id: 2, name: 'ScanDocument', type: 'ScanDocument', interactive: true, awaitingInput: true, settings: { requireFace: true } };
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
    const asked: unknown[] = [];
    const recognizer = {
      document: async (_sides: unknown, options?: unknown) => {
        asked.push(options);
        return { recognitionStatus: 'VALID', faceImage: { image: 'cG9ydHJhaXQ=', location: {}, side: 'FIRST' } };
      },
    } as never;
    const run = async (capture: () => Promise<{ front: Blob; face?: Blob }>) => {
      const p = fakePlatform({
        'POST /proxy/transaction': [json(created, 201)],
        'GET /transaction/t1': [json(view('InProgress', step)), json(view('Complete'))],
        'POST /step/2': [json(view('InProgress', { ...step, awaitingInput: false }))],
        'POST /resume': [json({ transactionId: 't1', isChanged: true, processingStatus: 'Complete' })],
      });
      await startTransaction({ ...options, retry: { fetch: p.fetch, baseDelayMs: 1 }, capture, recognizer });
      return p.calls.find((c) => c.url.endsWith('/step/2'))!.body.images;
    };
    expect((await run(async () => ({ front: png }))).face).toBe('cG9ydHJhaXQ=');
    expect(asked).toEqual([{ returnFaceImage: true }]);
    // A face the user captured is sent as it is, and no portrait is asked for.
    expect((await run(async () => ({ front: png, face: png }))).face).toBe('iVBORw0KGgo=');
    expect(asked).toEqual([{ returnFaceImage: true }, undefined]);
  });

  it('surfaces the platform error code (no retry of a 4xx)', async () => {
    const p = fakePlatform({ 'POST /proxy/transaction': [json({ code: 'INVALID_REQUEST', message: 'formValues.customerName: required' }, 400)] });
    await expect(startTransaction({ ...options, retry: { fetch: p.fetch, baseDelayMs: 1 } })).rejects.toMatchObject({
      name: 'IdlensError',
      code: 'TRANSACTION_REJECTED',
      status: 400,
      serverCode: 'INVALID_REQUEST',
    });
    expect(p.calls).toHaveLength(1);
  });
});
