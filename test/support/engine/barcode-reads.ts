import type { BarcodeType } from '../../../packages/sdk/src/api/barcode.ts';
import type { BarcodeRead } from '../../../packages/sdk/src/engine/barcode/normalize-read.ts';
import { isLinearType } from '../../../packages/sdk/src/engine/barcode/symbologies.ts';

/** A read of `text` whose corners are the box `x`…`x + width` by `y`…`y + height`, for the engine's evidence tests. */
export function readInBox(type: BarcodeType, text: string, lineCount: number, box: { x: number; y: number; width: number; height: number }): BarcodeRead {
  const { x, y, width, height } = box;
  return {
    type,
    text,
    bytes: new TextEncoder().encode(text),
    points: [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ],
    linear: isLinearType(type),
    lineCount,
  };
}
