// The anchor of `pnpm bench recognition`: the SDK engine in a process of its own, loaded as the
// server's recognition worker loads it (loadEngineRuntimes with the same options), reading the
// bench's images back to back — decode (sharp, as the server does) and recognize, nothing else.
// Started by recognition.ts (one process per server worker); answers over IPC.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createEngine, type Frame } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import type { RecognitionCase } from './cases.ts';

export type EngineLoopRequest = { cases: RecognitionCase[]; threads: number } | { run: string; seconds: number };
export interface EngineLoopAnswer {
  /** Recognitions finished within the window, and the window (ms). */
  count: number;
  elapsedMs: number;
  /** After loading: each case's recognitionStatus on its first read (the bench checks they read). */
  statuses?: Record<string, string>;
}

async function decode(bytes: Buffer): Promise<Frame> {
  const { data, info } = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

let recognize: Map<string, () => Promise<unknown>> | null = null;

process.on('message', async (request: EngineLoopRequest) => {
  if ('cases' in request) {
    const engine = createEngine(await loadEngineRuntimes({ threads: request.threads }));
    await engine.warm?.();
    recognize = new Map();
    const statuses: Record<string, string> = {};
    for (const c of request.cases) {
      const bytes = await readFile(c.file);
      const call = async () => {
        const frame = await decode(bytes);
        if (c.kind === 'barcode') return engine.barcode(frame, c.options);
        if (c.kind === 'card') return engine.card({ cardNumberSide: frame }, c.options);
        return engine.document({ first: frame }, { ...c.options, multiSide: false });
      };
      // The first read of its kind pays for sessions and caches, as in a warm worker.
      statuses[c.name] = ((await call()) as { recognitionStatus: string }).recognitionStatus;
      recognize.set(c.name, call);
    }
    process.send?.({ count: 0, elapsedMs: 0, statuses } satisfies EngineLoopAnswer);
    return;
  }
  const call = recognize?.get(request.run);
  if (!call) throw new Error(`engine-loop: no case ${request.run}`);
  const started = performance.now();
  const until = started + request.seconds * 1000;
  let count = 0;
  while (performance.now() < until) {
    await call();
    count++;
  }
  process.send?.({ count, elapsedMs: performance.now() - started } satisfies EngineLoopAnswer);
});
