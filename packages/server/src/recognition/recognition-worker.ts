import { parentPort, workerData } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createEngine, type Engine } from '@idlens/sdk/engine';
import { registerIdlensErrorTransfer } from '@idlens/sdk/worker/comlink-errors';
import { loadEngineRuntimes, type EngineRuntimeOptions } from './engine-runtimes.ts';

// Runs the SDK engine in a worker thread so recognition never blocks the server's event loop.
if (!parentPort) throw new Error('recognition-worker must run in a worker thread');
registerIdlensErrorTransfer();

// ONNX sessions are created before the worker reports ready, so the first request does not pay
// for graph optimisation.
const engine: Promise<Engine> = loadEngineRuntimes(workerData as EngineRuntimeOptions).then(async (runtimes) => {
  const e = createEngine(runtimes);
  await e.warm?.();
  return e;
});

// Exposed at once (calls wait for the engine) so no message can arrive before a listener exists.
const api: Pick<Engine, 'barcode' | 'idBarcode' | 'card' | 'document'> & { ready(): Promise<true> } = {
  ready: async () => {
    await engine;
    return true;
  },
  barcode: async (frame, options) => (await engine).barcode(frame, options),
  idBarcode: async (frame) => (await engine).idBarcode(frame),
  card: async (sides, options) => (await engine).card(sides, options),
  document: async (sides, options) => (await engine).document(sides, options),
};
expose(api, nodeEndpoint(parentPort));
