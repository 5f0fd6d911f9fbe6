import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { ModelSet } from '@idlens/models';
import { loadOrtWebNode } from '../support/engine/ort-web-node.ts';
import type { InferenceRuntime } from '@idlens/sdk/engine';
import { createConvnetRuntime } from '../../packages/sdk/src/runtime/convnet/convnet-runtime.ts';
import { createOcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { readMrz } from '../../packages/sdk/src/engine/mrz/read-mrz.ts';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { renderMrzPage } from '../support/mrz-render.ts';

// The server (onnxruntime-node) and the browsers' two inference runtimes — the SDK's convnet runtime
// (their default) and onnxruntime-web (their option, wasm) — run here in Node, must give the same
// answer for the same pixels.
let models: ModelSet;
let node: InferenceRuntime;
const browserRuntimes: Record<string, InferenceRuntime> = {};

beforeAll(async () => {
  models = await loadModelsFromDisk();
  node = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
  browserRuntimes.convnet = await createConvnetRuntime();
  browserRuntimes['onnxruntime-web'] = await loadOrtWebNode();
});

describe.each(['convnet', 'onnxruntime-web'])('onnxruntime-node and the %s runtime: parity', (name) => {
  let web: InferenceRuntime;
  beforeAll(() => {
    web = browserRuntimes[name]!;
  });

  it('detects the same boxes and reads the same text on a page', async () => {
    const page = await renderMrzPage(specimens.TD2, { width: 640, rotate: 5 });
    const [a, b] = await Promise.all([createOcrEngine(node, models).ocr.readPage(page), createOcrEngine(web, models).ocr.readPage(page)]);
    expect(b.map((l) => l.text)).toEqual(a.map((l) => l.text));
    expect(a.length).toBeGreaterThan(3);
    a.forEach((line, i) => {
      line.quad.points.forEach((p, k) => {
        expect(Math.abs(p.x - b[i]!.quad.points[k]!.x)).toBeLessThan(1);
        expect(Math.abs(p.y - b[i]!.quad.points[k]!.y)).toBeLessThan(1);
      });
      expect(Math.abs(line.confidence - b[i]!.confidence)).toBeLessThan(1e-3);
    });
  });

  it('reads the same MRZ', async () => {
    const page = await renderMrzPage(specimens.TD3, { width: 900 });
    const [a, b] = await Promise.all([readMrz(page, createOcrEngine(node, models)), readMrz(page, createOcrEngine(web, models))]);
    expect(a!.corrected.parsed.lines).toEqual(specimens.TD3);
    expect(b!.corrected.parsed.lines).toEqual(a!.corrected.parsed.lines);
    expect(b!.rawLines).toEqual(a!.rawLines);
  });
});
