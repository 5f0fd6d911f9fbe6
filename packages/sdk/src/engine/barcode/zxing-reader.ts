import type { ReadResult, ReaderOptions } from 'zxing-wasm/reader';

/**
 * The zxing-wasm reader, injected into the engine. On Node it is prepared with the wasm binary
 * read from disk, in the browser with a `locateFile` on the host's origin — never its CDN default.
 */
export interface ZxingReader {
  readBarcodes(image: { data: Uint8ClampedArray; width: number; height: number }, options: ReaderOptions): Promise<ReadResult[]>;
}

export type { ReadResult, ReaderOptions };
