import type { DocumentSides } from '@idlens/sdk';
import { createApp, readConfig, silentLogger, type RecognitionBackend } from '@idlens/server';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { demoDocumentWorkflow } from '../../packages/server/src/platform/demo/demo-workflows.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/**
 * Issue #56, items 1 and 2: what a caller can make the server hold is bounded before it is read.
 * Requests the server cannot take are refused with their bodies unread (a body here is a stream
 * that counts what was pulled from it), step images are scaled down to what recognition needs, and
 * decoded pixels stay reserved for as long as their frames are alive.
 */

/** A JSON body of `size` bytes, streamed in 64 KiB chunks; `pulled()` says how much of it was read. */
function countedBody(prefix: string, size: number, suffix: string) {
  const chunk = new TextEncoder().encode('A'.repeat(64 * 1024));
  let pulled = 0;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(new TextEncoder().encode(prefix));
        sent = prefix.length;
        pulled += prefix.length;
        return;
      }
      if (sent >= size) {
        controller.enqueue(new TextEncoder().encode(suffix));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
      pulled += chunk.length;
    },
  });
  return { stream, pulled: () => pulled };
}

/** A gate a fake recognition waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
const noConsent = { userId: 'u', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: false, isTrainingAllowed: false };
const pixelsOf = (sides: DocumentSides) => [sides.first, sides.second].reduce((sum, f) => sum + (f ? f.width * f.height : 0), 0);

describe('recognition requests are admitted before their bodies are read (item 2)', () => {
  it('a request the queue cannot take is 503 + Retry-After with its 37 MiB body unread', async () => {
    const opened = gate();
    let recognizing = 0;
    const unused = async (): Promise<never> => {
      throw new Error('unused');
    };
    const recognition: RecognitionBackend = {
      barcode: async () => {
        recognizing++;
        await opened.opened;
        return { recognitionStatus: 'EMPTY' } as never;
      },
      idBarcode: unused,
      card: unused,
      document: unused,
      status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1 }),
      close: async () => {},
    };
    const app = createApp({
      config: readConfig({ RECOGNITION_WORKERS: '1', RECOGNITION_MAX_QUEUE: '1' }),
      recognition,
      logger: silentLogger,
      healthChecks: [],
      info: [],
    });
    const image = (await png(64, 64)).toString('base64');
    // Declared lengths (as a browser sends them): a chunked body would reserve the largest body allowed.
    const post = (body: BodyInit, length?: number) =>
      app.request('/barcode', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(length === undefined ? {} : { 'content-length': String(length) }) },
        body,
        duplex: 'half',
      } as RequestInit);
    const small = JSON.stringify({ image: { imageBase64: image } });
    const admitted = [post(small, small.length), post(small, small.length)];
    await expect.poll(() => recognizing).toBe(2);
    try {
      const huge = countedBody('{"image":{"imageBase64":"', 37 * 2 ** 20, '"}}');
      const refused = await post(huge.stream);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect((await refused.json()).code).toBe('QUEUE_FULL');
      expect(huge.pulled()).toBeLessThan(256 * 1024);
    } finally {
      opened.open();
    }
    for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
  });

  it('bodies beyond MAX_BODY_BYTES_IN_FLIGHT are refused 503 before they are read, though slots are free', async () => {
    const opened = gate();
    let recognizing = 0;
    const unused = async (): Promise<never> => {
      throw new Error('unused');
    };
    const recognition: RecognitionBackend = {
      barcode: async () => {
        recognizing++;
        await opened.opened;
        return { recognitionStatus: 'EMPTY' } as never;
      },
      idBarcode: unused,
      card: unused,
      document: unused,
      status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 32 }),
      close: async () => {},
    };
    // IMAGE_MAX_BYTES 1 MiB: recognition bodies up to 2.73 MiB, step submissions 4.25 MiB; the budget 6 MiB.
    const config = readConfig({
      RECOGNITION_WORKERS: '1',
      RECOGNITION_MAX_QUEUE: '32',
      IMAGE_MAX_BYTES: String(2 ** 20),
      MAX_BODY_BYTES_IN_FLIGHT: String(6 * 2 ** 20),
    });
    const app = createApp({ config, recognition, logger: silentLogger, healthChecks: [], info: [] });
    const image = (await png(64, 64)).toString('base64');
    // 2.5 MiB each, most of it whitespace after a valid request.
    const padded = `${JSON.stringify({ image: { imageBase64: image } })}${' '.repeat(2.5 * 2 ** 20)}`;
    const post = (body: BodyInit, length?: number) =>
      app.request('/barcode', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(length === undefined ? {} : { 'content-length': String(length) }) },
        body,
        duplex: 'half',
      } as RequestInit);
    const admitted = [post(padded, padded.length), post(padded, padded.length)];
    await expect.poll(() => recognizing).toBe(2);
    try {
      const chunked = countedBody('{"image":{"imageBase64":"', 2 ** 20, '"}}');
      const refused = await post(chunked.stream);
      expect(refused.status).toBe(503);
      expect((await refused.json()).code).toBe('QUEUE_FULL');
      expect(chunked.pulled()).toBeLessThan(256 * 1024);
    } finally {
      opened.open();
    }
    for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
  });
});

describe('step submissions: bounded per transaction, per organization and by the budgets, before decoding (item 1)', () => {
  let t: PlatformTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const stepPath = (tx: { transactionId: string }) => `/edge/api/v1/transaction/${tx.transactionId}/step/2`;
  const submitStream = async (tx: { transactionId: string; authorization: string }, body: ReadableStream<Uint8Array>): Promise<Response> =>
    t!.app.request(stepPath(tx), {
      method: 'POST',
      headers: { authorization: tx.authorization, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);

  it('concurrent submissions to one transaction: one is processed, the others are 409 with their bodies unread', async () => {
    const opened = gate();
    t = await createPlatformTestApp({ document: () => opened.opened.then(() => ({ recognitionStatus: 'EMPTY' })) });
    const tx = (await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json;
    const first = t.edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: (await png(320, 200)).toString('base64') } });
    await expect.poll(() => t!.calls.document).toBe(1);
    const bodies = Array.from({ length: 8 }, () => countedBody('{"images":{"front":"', 20 * 2 ** 20, '"}}'));
    const answers: Response[] = [];
    try {
      for (const body of bodies) void submitStream(tx, body.stream).then((res) => answers.push(res));
      await expect.poll(() => answers.length).toBe(8);
    } finally {
      opened.open();
    }
    for (const res of answers) {
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('TRANSACTION_BUSY');
    }
    for (const body of bodies) expect(body.pulled()).toBeLessThan(256 * 1024);
    expect((await first).status).toBe(200);
    expect(t.calls.document).toBe(1);
  });

  it('a submission while a resume holds the lease is 409 with its body unread', async () => {
    t = await createPlatformTestApp();
    const tx = (await t.agent('POST', '/transaction', createRequest('demo-document'))).json;
    await t.database.db
      .updateTable('transactions')
      .set({ leaseOwner: 'someone', leaseUntil: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', tx.transactionId)
      .execute();
    const body = countedBody('{"images":{"front":"', 20 * 2 ** 20, '"}}');
    const res = await submitStream(tx, body.stream);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('TRANSACTION_BUSY');
    expect(body.pulled()).toBeLessThan(256 * 1024);
  });

  it('images over STEP_IMAGE_MAX_PIXELS are scaled down before recognition and storage; smaller ones are stored as uploaded', async () => {
    const seen: number[] = [];
    t = await createPlatformTestApp({
      document: (sides) => {
        seen.push(pixelsOf(sides));
        return { recognitionStatus: 'EMPTY' };
      },
    });
    const huge = (await png(6000, 6000)).toString('base64');
    // Consent off: recognized at once, from frames of at most 8 MP (the default), not 36 MP.
    const unstored = (await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json;
    const res = await t.edge('POST', `/transaction/${unstored.transactionId}/step/2`, unstored.authorization, { images: { front: huge, back: huge } });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeLessThanOrEqual(2 * 8_000_000);
    expect(seen[0]).toBeGreaterThan(2 * 7_900_000);

    // Consent on: stored scaled down, still PNG; a small image is stored byte for byte.
    const small = await png(320, 200);
    const stored = (await t.agent('POST', '/transaction', createRequest('demo-document'))).json;
    const ok = await t.edge('POST', `/transaction/${stored.transactionId}/step/2`, stored.authorization, {
      images: { front: huge, back: small.toString('base64') },
    });
    expect(ok.status).toBe(200);
    const record = (await t.agent('GET', `/transaction/${stored.transactionId}`)).json;
    const extraction = record.state['ScanDocument:0'].extraction;
    const front = await t.request('GET', `/agent/api/v1/transaction/${stored.transactionId}/blob/${extraction.fullDocumentFrontImage.id}/content`, {
      headers: { authorization: t.agentAuth },
    });
    expect(front.headers.get('content-type')).toBe('image/png');
    const { width = 0, height = 0, format } = await sharp(front.bytes).metadata();
    expect(format).toBe('png');
    expect(width * height).toBeLessThanOrEqual(8_000_000);
    expect(width).toBe(height);
    const back = await t.request('GET', `/agent/api/v1/transaction/${stored.transactionId}/blob/${extraction.fullDocumentBackImage.id}/content`, {
      headers: { authorization: t.agentAuth },
    });
    expect(Buffer.compare(back.bytes, small)).toBe(0);

    // DocumentVerification recognizes the stored images: scaled frames again.
    expect((await t.edge('POST', `/transaction/${stored.transactionId}/resume`, stored.authorization)).status).toBe(200);
    expect(seen.at(-1)).toBeLessThanOrEqual(8_000_000 + 320 * 200);
  });

  it('decoded pixels stay reserved until the frames are let go: a second submission waits for the first one', async () => {
    const opened = gate();
    let alive = 0;
    let mostAlive = 0;
    t = await createPlatformTestApp({
      env: { IMAGE_MAX_PIXELS: '4000000', STEP_IMAGE_MAX_PIXELS: '1500000', RECOGNITION_MAX_PIXELS_IN_FLIGHT: '4000000' },
      document: async (sides) => {
        alive += pixelsOf(sides);
        mostAlive = Math.max(mostAlive, alive);
        await opened.opened;
        alive -= pixelsOf(sides);
        return { recognitionStatus: 'EMPTY' };
      },
    });
    // 3 MP each, scaled to 1.5 MP: a submission of two holds 3 MP of the 4 MP budget.
    const image = (await png(2000, 1500)).toString('base64');
    const other = await t.otherOrganization();
    expect((await t.request('POST', '/agent/api/v1/workflow', { body: demoDocumentWorkflow, headers: { authorization: other.auth } })).status).toBe(201);
    const a = (await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json;
    const b = (
      await t.request('POST', '/agent/api/v1/transaction', {
        body: createRequest('demo-document', { consent: noConsent }),
        headers: { authorization: other.auth },
      })
    ).json;
    const first = t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, { images: { front: image, back: image } });
    await expect.poll(() => t!.calls.document).toBe(1);
    const second = t.edge('POST', `/transaction/${b.transactionId}/step/2`, b.authorization, { images: { front: image, back: image } });
    try {
      // The second one either waits for pixels (as it must) or reaches recognition (as it did before).
      await expect.poll(() => (t!.platform.memory?.pixels.status().waiting ?? 0) === 1 || t!.calls.document === 2).toBe(true);
      expect(t.calls.document).toBe(1);
    } finally {
      opened.open();
    }
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(t.calls.document).toBe(2);
    expect(mostAlive).toBeLessThanOrEqual(4_000_000);
    expect(t.platform.memory.pixels.status()).toMatchObject({ pixelsInFlight: 0, waiting: 0 });
  });

  it('an organization has at most EDGE_SUBMISSIONS_PER_ORGANIZATION in flight (429 + Retry-After, body unread); others are not held up', async () => {
    const opened = gate();
    t = await createPlatformTestApp({
      env: { EDGE_SUBMISSIONS_PER_ORGANIZATION: '2' },
      document: () => opened.opened.then(() => ({ recognitionStatus: 'EMPTY' })),
    });
    const image = (await png(320, 200)).toString('base64');
    const txs = [];
    for (let i = 0; i < 3; i++) txs.push((await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json);
    const running = txs.slice(0, 2).map((tx) => t!.edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: image } }));
    await expect.poll(() => t!.calls.document).toBe(2);
    let third: Response | undefined;
    const body = countedBody('{"images":{"front":"', 20 * 2 ** 20, '"}}');
    try {
      void submitStream(txs[2], body.stream).then((res) => {
        third = res;
      });
      await expect.poll(() => third !== undefined || t!.calls.document === 3).toBe(true);
    } finally {
      opened.open();
    }
    expect(third?.status).toBe(429);
    expect(third?.headers.get('retry-after')).toBe('1');
    expect((await third!.json()).code).toBe('TOO_MANY_IN_FLIGHT');
    expect(body.pulled()).toBeLessThan(256 * 1024);
    for (const res of await Promise.all(running)) expect(res.status).toBe(200);
    // Once they are answered, the organization may submit again.
    const again = await t.edge('POST', `/transaction/${txs[2].transactionId}/step/2`, txs[2].authorization, { images: { front: image } });
    expect(again.status).toBe(200);
  });

  it('a submission whose body does not fit MAX_BODY_BYTES_IN_FLIGHT is 503 + Retry-After with its body unread', async () => {
    const opened = gate();
    t = await createPlatformTestApp({
      env: { IMAGE_MAX_BYTES: String(2 ** 20), MAX_BODY_BYTES_IN_FLIGHT: String(5 * 2 ** 20) },
      document: () => opened.opened.then(() => ({ recognitionStatus: 'EMPTY' })),
    });
    const image = (await png(320, 200)).toString('base64');
    const a = (await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json;
    const b = (await t.agent('POST', '/transaction', createRequest('demo-document', { consent: noConsent }))).json;
    // Chunked: the largest step body (4.25 MiB) is reserved for it, so a second one does not fit 5 MiB.
    const held = countedBody(`{"images":{"front":"${image}"},"extraction":{"pad":"`, 1024, '"}}');
    const first = submitStream(a, held.stream);
    await expect.poll(() => t!.calls.document).toBe(1);
    const body = countedBody('{"images":{"front":"', 2 ** 20, '"}}');
    let refused: Response;
    try {
      refused = await submitStream(b, body.stream);
    } finally {
      opened.open();
    }
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).code).toBe('QUEUE_FULL');
    expect(body.pulled()).toBeLessThan(256 * 1024);
    expect((await first).status).toBe(200);
  });
});
