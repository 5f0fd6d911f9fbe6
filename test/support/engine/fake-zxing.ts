/** Test fixture: a scripted stand-in for zxing-wasm's reader, to test the pass plan and option mapping. */
import type { ReadResult, ReaderOptions, ZxingReader } from '../../../packages/sdk/src/engine/barcode/zxing-reader.ts';

export interface FakeRead {
  format: string;
  text: string;
  lineCount?: number;
  /** Corners top-left, top-right, bottom-right, bottom-left in the pixels of the image zxing saw. */
  box?: { x: number; y: number; width: number; height: number };
  contentType?: ReadResult['contentType'];
  extra?: string;
}

export interface FakeCall {
  width: number;
  height: number;
  options: ReaderOptions;
}

/** A reader that answers call `i` with `script(i, call)` and records every call. */
export function fakeZxing(script: (call: number, seen: FakeCall) => FakeRead[] = () => []): ZxingReader & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  return {
    calls,
    async readBarcodes(image, options) {
      const call = { width: image.width, height: image.height, options };
      calls.push(call);
      return script(calls.length - 1, call).map(toResult);
    },
  };
}

function toResult(read: FakeRead): ReadResult {
  const { x, y, width, height } = read.box ?? { x: 10, y: 10, width: 100, height: 40 };
  return {
    isValid: true,
    error: '',
    format: read.format,
    text: read.text,
    bytes: new TextEncoder().encode(read.text),
    contentType: read.contentType ?? 'Text',
    lineCount: read.lineCount ?? 0,
    extra: read.extra ?? '',
    position: {
      topLeft: { x, y },
      topRight: { x: x + width, y },
      bottomRight: { x: x + width, y: y + height },
      bottomLeft: { x, y: y + height },
    },
  } as unknown as ReadResult;
}
