import { readFile } from 'node:fs/promises';
import path from 'node:path';
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelSet } from '@idlens/models';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import { loadOrtWebNode } from '../support/engine/ort-web-node.ts';
import { createConvnetRuntime } from '../../packages/sdk/src/runtime/convnet/convnet-runtime.ts';
import type { Frame, InferenceRuntime } from '@idlens/sdk/engine';
import { createFaceDetector, faceModelName, type DetectedFace } from '../../packages/sdk/src/engine/face/create-face-detector.ts';
import { standsUpright } from '../../packages/sdk/src/engine/document/portrait.ts';
import { createModelSession } from '../../packages/sdk/src/engine/ocr/model-session.ts';
import { decodeFrame } from '../support/document-scene.ts';
import { humanPackageDir, portraitCount, portraitPng } from '../support/portraits.ts';

let models: ModelSet;
let node: InferenceRuntime;

beforeAll(async () => {
  models = await loadModelsFromDisk({ names: [faceModelName] });
  node = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
});

const detector = (ort: InferenceRuntime) => createFaceDetector(createModelSession(ort, models[faceModelName]!), models[faceModelName]!.entry);

/** A portrait photo on a plain wall, as a 400×300 frame: the face about a third of the height. */
async function portraitScene(index: number): Promise<Frame> {
  const photo = await portraitPng(index, 150, 190);
  return decodeFrame(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8d8172' } })
      .composite([{ input: photo, left: 200, top: 60 }])
      .png()
      .toBuffer(),
  );
}

function boxIou(a: DetectedFace['box'], b: DetectedFace['box']): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / (a.width * a.height + b.width * b.height - w * h) : 0;
}

describe('face detector (BlazeFace converted to ONNX)', () => {
  it('computes what the original TensorFlow.js model computes, on the same pixels', async () => {
    const dir = path.join(humanPackageDir, 'models');
    const json = JSON.parse(await readFile(path.join(dir, 'blazeface.json'), 'utf8'));
    const bin = await readFile(path.join(dir, 'blazeface.bin'));
    await tf.setBackend('cpu');
    const original = await loadGraphModel(
      tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: json.weightsManifest[0].weights, weightData: new Uint8Array(bin).buffer }),
    );
    const { data } = await sharp(await portraitPng(0, 256, 256))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The original takes NHWC, the conversion NCHW; both v / 127.5 − 1.
    const nhwc = Float32Array.from(data, (v) => v / 127.5 - 1);
    const nchw = new Float32Array(nhwc.length);
    for (let c = 0; c < 3; c++) for (let p = 0; p < 256 * 256; p++) nchw[c * 256 * 256 + p] = nhwc[p * 3 + c]!;
    const heads = (original.execute(tf.tensor4d(nhwc, [1, 256, 256, 3])) as tf.Tensor[]).map((t) => ({ shape: t.shape, data: t.dataSync() }));
    const head = (anchors: number, width: number) => heads.find((h) => h.shape[1] === anchors && h.shape[2] === width)!.data;
    const converted = await createModelSession(node, models[faceModelName]!).run(nchw, [1, 3, 256, 256]);
    expect(converted.dims).toEqual([1, 896, 17]);
    let largest = 0;
    let worst = 0;
    for (let i = 0; i < 896; i++) {
      const [scores, boxes, row] = i < 512 ? [head(512, 1), head(512, 16), i] : [head(384, 1), head(384, 16), i - 512];
      const expected = [scores[row]!, ...boxes.subarray(row * 16, row * 16 + 16)];
      expected.forEach((v, k) => {
        largest = Math.max(largest, Math.abs(v));
        worst = Math.max(worst, Math.abs(v - converted.data[i * 17 + k]!));
      });
    }
    // Float32 sums in another order: differences of rounding size only.
    expect(largest).toBeGreaterThan(10);
    expect(worst).toBeLessThan(1e-4 * largest);
  });

  it('finds the one face of every portrait photo, upright, where the photo is', async () => {
    const faces = detector(node);
    for (let i = 0; i < portraitCount; i++) {
      const a = await faces.detect(await portraitScene(i));
      expect(a, `portrait ${i}`).toHaveLength(1);
      expect(standsUpright(a[0]!)).toBe(true);
      // Inside the photo pasted at (200, 60), 150×190.
      const { x, y, width, height } = a[0]!.box;
      expect(x).toBeGreaterThan(190);
      expect(x + width).toBeLessThan(360);
      expect(y).toBeGreaterThan(50);
      expect(y + height).toBeLessThan(260);
    }
  });

  it('sees no face on a blank wall, and no upright one on a portrait turned a quarter', async () => {
    const faces = detector(node);
    const wall = await decodeFrame(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8d8172' } })
        .png()
        .toBuffer(),
    );
    expect(await faces.detect(wall)).toEqual([]);
    for (let i = 0; i < portraitCount; i++) {
      const turned = await decodeFrame(
        await sharp(
          await sharp(await portraitPng(i, 150, 190))
            .png()
            .toBuffer(),
        )
          .rotate(90)
          .png()
          .toBuffer(),
      );
      expect((await faces.detect(turned)).filter(standsUpright), `portrait ${i}`).toEqual([]);
    }
  });

  it.each([
    ['the convnet runtime (browsers’ default)', createConvnetRuntime],
    ['onnxruntime-web (browsers’ option)', loadOrtWebNode],
  ])('finds the same face on %s as with onnxruntime-node', async (_name, load) => {
    const web = await load();
    const scene = await portraitScene(3);
    const [a, b] = [await detector(node).detect(scene), await detector(web).detect(scene)];
    expect(b).toHaveLength(a.length);
    expect(Math.abs(a[0]!.score - b[0]!.score)).toBeLessThan(1e-3);
    expect(boxIou(a[0]!.box, b[0]!.box)).toBeGreaterThan(0.99);
  });
});
