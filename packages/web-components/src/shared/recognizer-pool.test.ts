import { describe, expect, it, vi } from 'vitest';

const created: unknown[] = [];
vi.mock('@idlens/sdk/client', () => ({
  createRecognizer: (options: unknown) => {
    created.push(options);
    return { ready: Promise.resolve(), options };
  },
}));

const { sharedRecognizer } = await import('./recognizer-pool.ts');

describe('sharedRecognizer', () => {
  it('shares one recognizer per mode, server and inference runtime, created with that runtime', () => {
    const convnet = sharedRecognizer('worker', null);
    expect(sharedRecognizer('worker', null, 'convnet')).toBe(convnet);
    const ort = sharedRecognizer('worker', null, 'onnxruntime-web');
    expect(ort).not.toBe(convnet);
    expect(sharedRecognizer('worker', null, 'onnxruntime-web')).toBe(ort);
    expect(created).toEqual([
      { mode: 'worker', server: undefined, inference: 'convnet' },
      { mode: 'worker', server: undefined, inference: 'onnxruntime-web' },
    ]);
  });
});
