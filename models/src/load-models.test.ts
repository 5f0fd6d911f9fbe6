import { describe, expect, it } from 'vitest';
import { findModel, modelManifest } from './manifest.ts';
import { loadModels, ModelLoadError } from './load-models.ts';
import { loadModelsFromDisk, resolveModelPath } from './node.ts';

describe('@idlens/models', () => {
  it('resolves the PP-OCR assets inside the installed npm package and verifies them', async () => {
    const path = resolveModelPath(findModel('ppocr-rec')!);
    expect(path).toMatch(/@gutenye[/\\]ocr-models[/\\]assets[/\\]ch_PP-OCRv4_rec_infer\.onnx$/);
    const set = await loadModelsFromDisk({ names: ['ppocr-det', 'ppocr-keys'] });
    expect(set['ppocr-det']!.bytes.byteLength).toBe(findModel('ppocr-det')!.bytes);
    expect(new TextDecoder().decode(set['ppocr-keys']!.bytes).split('\n')).toContain('<');
  });

  it('rejects bytes whose sha256 does not match the manifest', async () => {
    const entry = findModel('ppocr-keys')!;
    await expect(loadModels({ names: [entry.name], read: async () => new TextEncoder().encode('tampered') })).rejects.toThrow(/sha256 mismatch/);
  });

  it('skips an absent optional model but fails on an absent required one', async () => {
    const read = async () => null;
    await expect(loadModels({ names: ['ppocr-det'], read })).rejects.toBeInstanceOf(ModelLoadError);
    const optional = modelManifest.filter((e) => e.optional).map((e) => e.name);
    if (optional.length) await expect(loadModels({ names: optional, read })).resolves.toEqual({});
  });

  it('lists every asset with the fields the engine needs', () => {
    for (const e of modelManifest) {
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
      if (e.kind === 'onnx') expect(e.input && e.normalisation && e.output).toBeTruthy();
    }
  });
});
