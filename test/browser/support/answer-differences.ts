import sharp from 'sharp';

// Two answers to the same pixels from two inference runtimes (the browser's and onnxruntime-node, or
// the convnet runtime and onnxruntime-web) compared with two allowances, each for a reason outside
// the engine: runtimes sum floats in different orders, so a text box found by the detector may move
// by a pixel or two (locations within 2 px or 5 %, an image cut out along such a box within 2 px of
// size); and platforms' CompressionStreams compress the same PNG rows to different bytes (images are
// compared by their pixels; a full document image must be pixel-identical).

/** Where two answers differ, as paths (see the allowances above); empty when they agree. */
export async function answerDifferences(a: unknown, b: unknown, path: string): Promise<string[]> {
  if (typeof a === 'number' && typeof b === 'number' && /location/i.test(path)) return Math.abs(a - b) <= Math.max(2, 0.05 * Math.abs(b)) ? [] : [path];
  if (typeof a === 'string' && typeof b === 'string' && path.endsWith('.image')) {
    const [x, y] = await Promise.all([a, b].map((s) => sharp(Buffer.from(s, 'base64')).raw().toBuffer({ resolveWithObject: true })));
    if (/fullDocument/.test(path)) return x!.info.width === y!.info.width && x!.info.height === y!.info.height && x!.data.equals(y!.data) ? [] : [path];
    return Math.abs(x!.info.width - y!.info.width) <= 2 && Math.abs(x!.info.height - y!.info.height) <= 2 ? [] : [path];
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    const out: string[] = [];
    for (const k of keys) out.push(...(await answerDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`)));
    return out;
  }
  return a === b ? [] : [path];
}
