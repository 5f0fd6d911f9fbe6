import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/** What a phone's camera app reads from the QR code: the SVG rendered, then decoded by zxing-wasm's reader. */
async function decodeQr(svg: string): Promise<string | undefined> {
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  const png = await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: '#fff' }).png().toBuffer();
  const [read] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return read?.text;
}

const minute = 60_000;

/**
 * Hand-off from a desktop to a phone (#58 §2) at the edge: the desktop (the transaction's own key)
 * gets a join URL and its QR code; the phone joins once with it and gets a key of its own; while
 * the phone holds the transaction the desktop only reads; cancelling gives it back.
 */
await describeEachDialect('hand-off to another device', (dialect) => {
  let t: PlatformTestApp;
  let clock = Date.now();
  afterEach(async () => {
    await t?.close();
  });
  const start = async () => {
    clock = Date.now();
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, now: () => clock });
  };
  /** demo-document: Start, then a ScanDocument step waiting for images. */
  const desktopTransaction = async () => {
    const created = await t.agent('POST', '/transaction', createRequest('demo-document'));
    expect(created.status).toBe(201);
    const { transactionId, authorization } = created.json as { transactionId: string; authorization: string };
    expect((await t.edge('POST', `/transaction/${transactionId}/resume`, authorization)).status).toBe(200);
    return { transactionId, desktop: authorization };
  };
  const handoff = (id: string, auth: string, method = 'POST') => t.edge(method, `/transaction/${id}/handoff`, auth);
  const joinPath = (joinUrl: string) => new URL(joinUrl).pathname;
  const join = (joinUrl: string) => t.request('POST', joinPath(joinUrl));

  it('the desktop gets a join URL and its QR code; the phone joins once with a key of its own; a second device cannot', async () => {
    await start();
    const { transactionId, desktop } = await desktopTransaction();
    const started = await handoff(transactionId, desktop);
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({ status: 'waiting', expiresOn: new Date(clock + 10 * minute).toISOString() });
    expect(started.json.joinUrl).toMatch(/^https:\/\/idlens\.test\/run\/join\/[A-Za-z0-9_-]{43}$/);
    expect(await decodeQr(started.json.qrCodeSvg)).toBe(started.json.joinUrl);
    expect((await handoff(transactionId, desktop, 'GET')).json).toMatchObject({
      status: 'waiting',
      joinedOn: null,
      transaction: { transactionId, processingStatus: 'InProgress' },
    });

    const page = await t.request('GET', joinPath(started.json.joinUrl));
    expect(page.status).toBe(200);
    expect(page.bytes.toString('utf8')).toContain(`join-url="${joinPath(started.json.joinUrl)}"`);
    expect(page.bytes.toString('utf8')).not.toContain(transactionId);

    const joined = await join(started.json.joinUrl);
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({ transactionId, edgeApiUrl: 'https://idlens.test/edge' });
    expect(joined.json.authorization).not.toBe(desktop);
    const phone = joined.json.authorization as string;

    // Once: a second device (or the same one again) is refused, and the page says the code was used.
    const second = await join(started.json.joinUrl);
    expect(second.status).toBe(410);
    expect(second.json.code).toBe('HANDOFF_UNAVAILABLE');
    const usedPage = await t.request('GET', joinPath(started.json.joinUrl));
    expect(usedPage.status).toBe(410);
    expect(usedPage.bytes.toString('utf8')).toContain('This code was already used.');
    // Nor can the desktop hand it off again while the phone holds it.
    expect((await handoff(transactionId, desktop)).json.code).toBe('TRANSACTION_HANDED_OFF');

    // The desktop watches: it reads, it cannot act.
    expect((await handoff(transactionId, desktop, 'GET')).json).toMatchObject({ status: 'joined', joinedOn: expect.any(String) });
    expect((await t.edge('GET', `/transaction/${transactionId}`, desktop)).status).toBe(200);
    const image = { images: { front: b64(await sampleImage('png')) } };
    const desktopSubmit = await t.edge('POST', `/transaction/${transactionId}/step/2`, desktop, image);
    expect(desktopSubmit.status).toBe(409);
    expect(desktopSubmit.json.code).toBe('TRANSACTION_HANDED_OFF');
    expect((await t.edge('POST', `/transaction/${transactionId}/resume`, desktop)).json.code).toBe('TRANSACTION_HANDED_OFF');

    // The phone acts, and cannot pass the transaction on.
    expect((await handoff(transactionId, phone)).status).toBe(403);
    expect((await t.edge('POST', `/transaction/${transactionId}/step/2`, phone, image)).status).toBe(200);
    const finished = await t.edge('POST', `/transaction/${transactionId}/resume`, phone);
    expect(finished.json.processingStatus).toBe('Complete');
    // The desktop learns the outcome from its poll.
    expect((await handoff(transactionId, desktop, 'GET')).json.transaction).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Review' });
    // Another transaction's key opens nothing of this one.
    const other = await desktopTransaction();
    expect((await handoff(transactionId, other.desktop, 'GET')).status).toBe(401);
  });

  it('cancelling gives the transaction back: the phone’s key and the join URL stop, the desktop acts again', async () => {
    await start();
    const { transactionId, desktop } = await desktopTransaction();
    const first = (await handoff(transactionId, desktop)).json;
    const phone = (await join(first.joinUrl)).json.authorization as string;
    expect((await t.edge('GET', `/transaction/${transactionId}`, phone)).status).toBe(200);
    expect((await handoff(transactionId, desktop, 'DELETE')).status).toBe(204);
    expect((await t.edge('GET', `/transaction/${transactionId}`, phone)).status).toBe(401);
    expect((await handoff(transactionId, desktop, 'GET')).json.status).toBe('cancelled');
    const page = await t.request('GET', joinPath(first.joinUrl));
    expect(page.status).toBe(410);
    expect(page.bytes.toString('utf8')).toContain('This hand-off was cancelled on the other device.');
    expect((await t.edge('POST', `/transaction/${transactionId}/step/2`, desktop, { images: { front: b64(await sampleImage('png')) } })).status).toBe(200);

    // A new hand-off after a cancel works; one nobody joined is replaced by the next (its URL is then unknown).
    clock += 3000;
    const second = (await handoff(transactionId, desktop)).json;
    // Not again at once: each start is a write and a QR code drawn.
    const tooSoon = await handoff(transactionId, desktop);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.code).toBe('RATE_LIMITED');
    expect(tooSoon.headers.get('retry-after')).toBe('2');
    clock += 3000;
    const third = (await handoff(transactionId, desktop)).json;
    expect((await join(second.joinUrl)).status).toBe(410);
    expect((await t.request('GET', joinPath(second.joinUrl))).status).toBe(404);
    expect((await join(third.joinUrl)).status).toBe(201);
  });

  it('a join URL expires; a closed transaction cannot be handed off', async () => {
    await start();
    const { transactionId, desktop } = await desktopTransaction();
    const started = (await handoff(transactionId, desktop)).json;
    clock += 11 * minute;
    expect((await handoff(transactionId, desktop, 'GET')).json.status).toBe('expired');
    const page = await t.request('GET', joinPath(started.joinUrl));
    expect(page.status).toBe(410);
    expect(page.bytes.toString('utf8')).toContain('This code has expired.');
    expect((await join(started.joinUrl)).status).toBe(410);
    // A new code for the same transaction works.
    const again = (await handoff(transactionId, desktop)).json;
    expect((await join(again.joinUrl)).status).toBe(201);
    for (const key of ['short', 'A'.repeat(43)]) expect((await t.request('POST', `/run/join/${key}`)).status, key).toBe(410);

    // A code nobody used joins nothing once its transaction has ended.
    const another = await desktopTransaction();
    const unused = (await handoff(another.transactionId, another.desktop)).json;
    expect(
      (await t.edge('POST', `/transaction/${another.transactionId}/step/2`, another.desktop, { images: { front: b64(await sampleImage('png')) } })).status,
    ).toBe(200);
    expect((await t.edge('POST', `/transaction/${another.transactionId}/resume`, another.desktop)).json.processingStatus).toBe('Complete');
    expect((await join(unused.joinUrl)).status).toBe(410);

    const auto = await t.agent('POST', '/transaction', createRequest('demo-auto'));
    expect((await t.edge('POST', `/transaction/${auto.json.transactionId}/resume`, auto.json.authorization)).json.processingStatus).toBe('Complete');
    expect((await handoff(auto.json.transactionId, auto.json.authorization)).json.code).toBe('TRANSACTION_CLOSED');
  });
});
