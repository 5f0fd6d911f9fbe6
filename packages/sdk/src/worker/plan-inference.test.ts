import { describe, expect, it } from 'vitest';
import { planInference } from './plan-inference.ts';

const page = { isolated: true, cores: 8, webgpu: false } as const;

describe('planInference', () => {
  it('runs what the app chose, either runtime on up to four cores when isolated', () => {
    expect(planInference({ ...page, requested: 'convnet', webgpu: true })).toMatchObject({ inference: 'convnet', threads: 4 });
    expect(planInference({ ...page, requested: 'convnet', cores: 2 })).toMatchObject({ inference: 'convnet', threads: 2 });
    expect(planInference({ ...page, requested: 'convnet', isolated: false, threads: 6 })).toMatchObject({ inference: 'convnet', threads: 1 });
    expect(planInference({ ...page, requested: 'onnxruntime-web' })).toEqual({
      inference: 'onnxruntime-web',
      backends: ['wasm'],
      threads: 4,
      convnetIfMissing: false,
    });
    expect(planInference({ ...page, requested: 'onnxruntime-web', threads: 6 }).threads).toBe(6);
    expect(planInference({ ...page, requested: 'onnxruntime-web', cores: 2 }).threads).toBe(2);
    expect(planInference({ ...page, requested: 'onnxruntime-web', isolated: false, threads: 6 }).threads).toBe(1);
  });

  it('tries the WebGPU build first where the browser has an adapter, with the wasm build behind it', () => {
    expect(planInference({ ...page, requested: 'onnxruntime-web', webgpu: true }).backends).toEqual(['webgpu', 'wasm']);
  });

  it('auto: onnxruntime-web only for WebGPU (the convnet runtime runs the same threads), and the convnet runtime when its files are missing', () => {
    expect(planInference({ ...page, requested: 'auto' })).toMatchObject({ inference: 'convnet', threads: 4 });
    expect(planInference({ ...page, requested: 'auto', webgpu: true })).toMatchObject({ inference: 'onnxruntime-web', threads: 4, convnetIfMissing: true });
    expect(planInference({ ...page, requested: 'auto', isolated: false })).toMatchObject({ inference: 'convnet', threads: 1 });
    expect(planInference({ ...page, requested: 'auto', cores: 2 })).toMatchObject({ inference: 'convnet' });
    expect(planInference({ ...page, requested: 'auto', threads: 2 })).toMatchObject({ inference: 'convnet' });
    expect(planInference({ ...page, requested: 'auto', isolated: false, webgpu: true })).toMatchObject({
      inference: 'onnxruntime-web',
      backends: ['webgpu', 'wasm'],
      threads: 1,
    });
  });
});
