import type { ModelSet } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import { lineReaderModel } from './create-ocr-engine.ts';

/** A model set holding these names (the choice looks only at which are there, and which are opt-in). */
const set = (...names: string[]): ModelSet =>
  Object.fromEntries(names.map((name) => [name.replace('?', ''), { entry: { optIn: name.endsWith('?') } } as ModelSet[string]]));

describe('lineReaderModel', () => {
  it('reads printed lines with the Latin recognizer when it was given, else with PP-OCR’s; a forced choice wins', () => {
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec'), 'auto')).toBe('latin-rec');
    expect(lineReaderModel(set('ppocr-rec'), 'auto')).toBe('ppocr-rec');
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec'), 'general')).toBe('ppocr-rec');
    // Forced and absent: the engine then fails loudly (MODEL_LOAD_FAILED) rather than read with another model.
    expect(lineReaderModel(set('ppocr-rec'), 'latin')).toBe('latin-rec');
  });

  it('leaves an opt-in Latin recognizer to those who ask for it by name', () => {
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec?'), 'auto')).toBe('ppocr-rec');
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec?'), 'latin')).toBe('latin-rec');
  });
});
