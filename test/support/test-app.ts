import { createEngine } from '@idlens/sdk';
import { buildInfo, createApp, defaultHealthChecks, loadEngineRuntimes, readConfig, silentLogger, type RecognitionBackend } from '@idlens/server';

/**
 * The real app with the real engine, run in-process (no worker threads) so contract tests can
 * call `app.request()` without a socket. The worker pool has tests of its own.
 */
export async function createTestApp(env: Record<string, string> = {}, { ocr = true }: { ocr?: boolean } = {}) {
  const config = readConfig({ DATABASE_URL: 'file:./data/test.sqlite', ...env });
  // The server's runtimes (zxing, onnxruntime-node, verified models); ONNX sessions open lazily.
  // Without OCR (`ocr: false`) cards answer EMPTY and documents are read from their barcode only.
  const runtimes = await loadEngineRuntimes();
  const engine = createEngine(ocr ? runtimes : { zxing: runtimes.zxing });
  const recognition: RecognitionBackend = {
    barcode: (frame, options) => engine.barcode(frame, options),
    idBarcode: (frame) => engine.idBarcode(frame),
    card: (sides, options) => engine.card(sides, options),
    document: (sides, options) => engine.document(sides, options),
    status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 0 }),
    close: async () => {},
  };
  const app = createApp({ config, recognition, logger: silentLogger, healthChecks: defaultHealthChecks({ config, recognition }), info: buildInfo() });

  /** POSTs a JSON body (or a raw string, sent as is) and returns status, headers and parsed JSON. */
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const sent = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await app.request(path, {
      method: 'POST',
      // As over a socket: the length is declared (a chunked body would reserve the largest body allowed).
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(sent)), ...headers },
      body: sent,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
  }
  return { app, config, post };
}
