import type { ModelSet } from '@idlens/models';
import { IdlensError } from '../../core/errors.ts';

/** Class index → symbol of a CTC line reader; `blank` is the CTC blank's index. */
export interface CtcCharset {
  symbols: readonly string[];
  blank: number;
  /** The reader reads the spaces between words itself (see the manifest's `CharsetSpec`). */
  readsWordSpaces: boolean;
}

/**
 * Builds a line reader's class table from its manifest entry: inline symbols, or a charset asset with
 * one symbol a line (PP-OCR's keys file), each followed by `trailing` extras. With the blank at 0 the
 * symbols start at class 1.
 */
export function loadCharset(models: ModelSet, modelName: string): CtcCharset {
  const entry = models[modelName]?.entry;
  const spec = entry?.charset;
  if (!spec) throw new IdlensError('MODEL_LOAD_FAILED', `model ${modelName} has no charset in the manifest`);
  let listed: string[];
  if (spec.symbols !== undefined) listed = [...spec.symbols];
  else {
    const asset = spec.asset ? models[spec.asset] : undefined;
    if (!asset) throw new IdlensError('MODEL_LOAD_FAILED', `charset ${spec.asset} of ${modelName} is not loaded`);
    listed = new TextDecoder().decode(asset.bytes).split(/\r?\n/);
    if (listed[listed.length - 1] === '') listed.pop();
  }
  const all = [...listed, ...(spec.trailing ?? [])];
  const symbols = spec.blank === 0 ? ['', ...all] : [...all.slice(0, spec.blank), '', ...all.slice(spec.blank)];
  return { symbols, blank: spec.blank, readsWordSpaces: spec.readsWordSpaces === true };
}

/** Class indices whose symbol is in `allowed` (for decoding restricted to an alphabet, e.g. the MRZ's). */
export function classesFor(charset: CtcCharset, allowed: string): Int32Array {
  const want = new Set(allowed);
  const out: number[] = [];
  charset.symbols.forEach((s, i) => {
    if (i !== charset.blank && want.has(s)) out.push(i);
  });
  return Int32Array.from(out);
}
