/**
 * What the engine asks of zxing-wasm's reader, in the SDK's own types: the published declarations
 * name no zxing-wasm type (those reference Emscripten's globals, which an app whose tsconfig lists
 * its `types` does not load: `Cannot find name 'EmscriptenModule'`). The runtime loaders
 * (`runtime/zxing-node.ts`, `runtime/zxing-browser.ts`) hand zxing-wasm's `readBarcodes` over as a
 * `ZxingReader`, so the compiler checks these types against zxing-wasm's there.
 */

/** zxing-cpp's names of the formats the engine reads (`symbologies.ts`). */
export type ZxingReadFormat = 'QRCode' | 'UPCE' | 'UPCA' | 'EAN8' | 'EAN13' | 'Code128' | 'Code39Std' | 'Code39' | 'ITF' | 'PDF417';

/** The reader options the engine sets: a subset of zxing-wasm's `ReaderOptions`. */
export interface ReaderOptions {
  formats?: ZxingReadFormat[];
  tryHarder?: boolean;
  tryRotate?: boolean;
  tryInvert?: boolean;
  tryDownscale?: boolean;
  tryDenoise?: boolean;
  binarizer?: 'LocalAverage' | 'GlobalHistogram' | 'FixedThreshold' | 'BoolCast';
  textMode?: 'Plain' | 'ECI' | 'HRI' | 'Hex' | 'Escaped';
  eanAddOnSymbol?: 'Ignore' | 'Read' | 'Require';
  maxNumberOfSymbols?: number;
}

interface ZxingPoint {
  x: number;
  y: number;
}

/** The parts of zxing-wasm's `ReadResult` the engine reads. */
export interface ReadResult {
  /** zxing-cpp's format name (`symbologies.ts` maps the ones the engine reads). */
  format: string;
  isValid: boolean;
  text: string;
  bytes: Uint8Array;
  /** A hint to the content: `Text`, `Binary`, `Mixed`, `GS1`, `ISO15434`, `UnknownECI`. */
  contentType: string;
  /** zxing-cpp's extra facts as JSON (an empty string when there are none): `UEC`, `ECLevel`, `UPCE`. */
  extra: string;
  lineCount: number;
  position: { topLeft: ZxingPoint; topRight: ZxingPoint; bottomRight: ZxingPoint; bottomLeft: ZxingPoint };
}

/**
 * The zxing-wasm reader, injected into the engine. On Node it is prepared with the wasm binary
 * read from disk, in the browser with a `locateFile` on the host's origin — never its CDN default.
 * A property, not a method: the compiler then checks the options it is given strictly.
 */
export interface ZxingReader {
  readBarcodes: (image: { data: Uint8ClampedArray; width: number; height: number }, options: ReaderOptions) => Promise<ReadResult[]>;
}
