import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodePng } from '../support/fixtures.ts';
import { startServe } from '../support/serve-process.ts';

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful stop (SIGTERM) of the real server', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-stop-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('finishes a request in flight with 200, refuses new connections, and exits 0', async () => {
    const { child, port, exit } = await startServe(dir);
    try {
      const qr = (await barcodePng('in flight at SIGTERM', { format: 'QRCode' })).toString('base64');
      const body = Buffer.from(JSON.stringify({ image: { imageBase64: qr }, scanQrCode: true }));
      // A request in flight: headers and half the body sent, the rest after the signal.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (chunk: Buffer) => {
        response += chunk.toString('utf8');
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const half = body.length >> 1;
      socket.write(`POST /barcode HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      socket.write(body.subarray(0, half));
      await sleep(300);

      child.kill('SIGTERM');
      // The listener closes at once; the busy connection stays open.
      await expect.poll(() => accepts(port), { interval: 50 }).toBe(false);
      expect(child.exitCode).toBeNull();

      socket.write(body.subarray(half));
      // The server answers, then closes the connection itself (no keep-alive past a stop).
      await closed;
      const [head, json] = response.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(JSON.parse(json!)).toMatchObject({ data: { stringData: 'in flight at SIGTERM' } });
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('with SHUTDOWN_DRAIN_SECONDS, answers readiness 503 at SIGTERM while it still serves everything, then stops — once, whatever signals follow', async () => {
    const { child, port, exit } = await startServe(dir, { SHUTDOWN_DRAIN_SECONDS: '10' });
    const get = async (p: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${p}`);
      return { status: res.status, body: (await res.json()) as Array<{ status: { name: string; description: string | null } }> };
    };
    try {
      expect((await get('/health/readiness')).status).toBe(200);
      const signalled = Date.now();
      child.kill('SIGTERM');
      await expect.poll(async () => (await get('/health/readiness')).status, { interval: 50 }).toBe(503);
      const readiness = await get('/health/readiness');
      expect(readiness.body[0]!.status).toMatchObject({ name: 'DOWN', description: expect.stringContaining('stopping') });
      // Still serving: liveness, and the aggregate says DOWN because readiness does.
      expect((await get('/health/liveness')).status).toBe(200);
      expect((await get('/health')).status).toBe(503);
      expect(await accepts(port)).toBe(true);
      // A second signal during the drain (an impatient operator, SIGINT after SIGTERM) waits for the same stop.
      child.kill('SIGTERM');
      child.kill('SIGINT');
      expect(await accepts(port)).toBe(true);
      expect(await exit).toBe(0);
      // The listener stayed open for the drain, not less (10 s: the checks above fit in it on a loaded machine).
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
